// The reason templates in Korean: one case per template, so the compiler checks none is missing.

extension ReasonTemplate {
  /// The wording in Korean (see ``text(in:)``).
  var korean: String {
    switch self {
    case .replayStopped:
      "실패가 재현되지 않았습니다. 새 대상에서 다시 실행하니 {step}단계 전에 멈췄습니다"
    case .notReproduced:
      "새 대상에서 실패가 재현되지 않았습니다. {action} 뒤에 다시 실행한 결과는 {shown}였습니다. "
        + "모델이 단계 밖의 무언가(공유 또는 전역 상태, 시간)에 의존합니다"
    case .replayShowedInstead: "{recorded} 대신 {replayed}"
    case .differentMismatches: "다른 불일치"
    case .noExperimentConfirmed: "{action}의 클래스를 확정한 실험이 없습니다: {tried}"
    case .noExperimentApplies: "이 단계에 해당하는 실험이 없습니다"
    case .rankedExplanations: "모든 실험 뒤에도 설명 {count}개가 남습니다: {explanations}"
    case .rankedExplanation: "({rank}) {class}: {reason}"
    case .notConfident: "확정할 수 없습니다. 모든 실험 뒤에도 설명 {count}개가 남습니다(가능성이 높은 순)"
    case .countsBeforeAfter: "이전 {before}, 이후 {after}"
    case .itemChange: "{item}: {before}에서 {after}(으)로"
    case .undoGroupsOne: "실행 취소 그룹 {count}개"
    case .undoGroupsMany: "실행 취소 그룹 {count}개"
    case .noValue: "값 없음"
    case .selectionRecorded:
      "{action}은(는) 선택한 항목만 바꿀 뿐 편집이 아닌데도 {groups}를 기록했습니다({counts}). "
        + "선택이 이력에 들어갔습니다"
    case .selectionSplit:
      "{action}은(는) 선택한 항목 {count}개({changed})에 대한 사용자 작업 하나인데도 실행 취소 그룹 "
        + "{groups}개를 기록했고({counts}), 이어서 실행 취소를 한 번 하면 {undone}이(가) 됩니다. "
        + "선택한 항목마다의 변경이 각각 별도의 그룹이 되었습니다"
    case .selectionItemNotRestored:
      "{action}은(는) 선택한 항목 {count}개({changed})를 그룹 하나로 바꿨고, 이어서 실행 취소를 한 번 "
        + "하면 {expected}이(가) 아니라 {undone}이(가) 됩니다. 항목 '{item}'이(가) 자기 값을 되찾지 "
        + "못했습니다"
    case .shownWhereDue: "{due}여야 하는데 {shown}"
    case .selectionShownAsContract:
      "{action} 시점에 모델은 {items}을(를) 가지고 UI는 {shown}을(를) 보여 주며, 이는 계약대로입니다"
        + "(인스펙터는 선택한 값이 서로 다를 때만 mixed를 보여 주고, 각 항목은 자기 값을 보여 줍니다). "
        + "대상이 아니라 기대값이 잘못된 것으로 보입니다"
    case .selectionDisplayStale:
      "{action} 시점에 모델은 {items}을(를) 가지는데 UI는 {shown}을(를) 보여 줍니다. "
        + "UI가 선택에 대해 보여 주는 것이 항목의 값을 따르지 않습니다"
    case .coalescingSplit:
      "{action}은(는) {why}에 왔고 선언된 {window} 시간 창 안인데도 별도의 그룹을 만들었으며"
        + "({counts}), 이어서 실행 취소를 한 번 하면 {undone}이(가) 됩니다. 연속 입력이 나뉘었습니다"
    case .coalescingMerged:
      "{action}은(는) {why}에 왔으므로 새 그룹을 시작해야 하는데 {counts}이고, 이어서 실행 취소를 한 번 "
        + "하면 value={value}이(가) 아니라 {undone}이(가) 됩니다. {what}"
    case .coalescingExpectationWrong:
      "{action}은(는) {why}에 왔고 대상이 선언한 {window} 시간 창 안이므로, 대상이 한 대로 앞 그룹에 "
        + "합쳐집니다({undos}). 케이스의 기대가 다릅니다. 새 그룹을 시작하려면 적어도 시간 창만큼 "
        + "기다리세요('wait window')"
    case .afterPreviousAdjustment: "이전 조정 {duration} 뒤"
    case .noEarlierAdjustment: "이전 조정이 없을 때"
    case .afterRunEnded: "{action}이(가) 연속을 끝낸 뒤"
    case .coalescedIntoPrevious: "조정이 앞 그룹에 합쳐졌습니다"
    case .noGroupToJoin: "합칠 앞 그룹이 없어서 조정이 그룹을 전혀 기록하지 않았습니다"
    case .askingShowsChange:
      "{action} 뒤 {observed}. 확인 질문이 열려 있고 아무것도 보내지 않았는데 행이 {shown}을(를) "
        + "보여 줍니다. 사용자가 확인할 때까지 행은 확정된 값 {confirmed}을(를) 보여 줍니다"
    case .confirmationRuleDeclared: "대상은 확인 규칙 '{rule}'을(를) 선언합니다"
    case .askedWrongly: "{rule}. 그런데 {displayed}에서의 {action}은(는) {asked}({asking})"
    case .askedFirst: "먼저 사용자에게 물었습니다"
    case .didNotAskFirst: "먼저 묻지 않았습니다"
    case .askedAndSent: "{rule}: {action}이(가) 사용자에게 묻고, 답을 받기 전에 쓰기를 보냈습니다"
    case .declineChangedNothing: "{record}의 확인 질문을 거절해도 어떤 필드도 바뀌지 않았습니다"
    case .declineChanged:
      "{record}의 확인 질문을 거절하자 {before}이(가) {after}(으)로 바뀌었습니다. "
        + "거절한 확인은 아무것도 보내지 않고 아무것도 바꾸지 않습니다"
    case .confirmationNotWritten:
      "{record}의 확인 질문에 동의했는데 쓰기를 보내지 않았습니다. 확인된 탭은 일반 쓰기입니다"
    case .entityRowsShare:
      "행 {row}와(과) {other}이(가) 단계 뒤에 서로 달랐지만, 이어서 {sibling}을(를) 탭해도 아무것도 "
        + "보내지 않습니다. 두 행이 엔터티의 보류 중인 쓰기를 공유합니다"
    case .entityRowsSplit:
      "{action}이(가) {record}의 쓰기를 보냈고({pending}), 같은 엔터티의 행 {sibling}을(를) 탭하면 "
        + "두 번째 쓰기를 보냅니다({siblingPending}). 행들이 엔터티의 상태를 공유하지 않고 각자 "
        + "상태를 가집니다"
    case .controlTap: "{shown}을(를) 보여 주는 {record}의 탭"
    case .sameValueControls:
      ". 같은 상태에서 {choice}도 {shown}을(를) 보여 주므로, 두 컨트롤은 같은 값을 요청합니다"
    case .controlAskedOther:
      "{control}은(는) {asked}을(를) 요청합니다. 쓰기를 보냈고(sent=yes, {pending}) 행은 {shown}을(를) "
        + "보여 줍니다({displayed}){comparison}. 컨트롤이 사용자가 고른 값과 다른 값을 요청했습니다"
    case .rowDoesNotFollowChoice:
      "{control}이(가) 쓰기를 보냈는데 행은 여전히 {shown}을(를) 보여 줍니다. 같은 상태에서 {choice}은(는) "
        + "{probed}을(를) 보여 주므로, 행은 선택도 따르지 않습니다"
    case .controlAskedShown:
      "{control}은(는) {asked}을(를) 요청합니다. 쓰기를 보냈고(sent=yes, {pending}) 행은 여전히 "
        + "{shown}을(를) 보여 주는데({displayed}), 같은 상태에서 {choice}은(는) {other}을(를) 보여 "
        + "줍니다. 행은 선택을 따르므로, 컨트롤은 사용자가 고른 값이 아니라 이미 보이는 값을 요청했습니다"
    case .subjectCrashed:
      "대상이 {step}단계 뒤 {phase}에 비정상 종료되었습니다. 워커가 {ending}(으)로 끝났습니다"
    case .subjectCrashedWrote:
      "대상이 {step}단계 뒤 {phase}에 비정상 종료되었습니다. 워커가 {ending}(으)로 끝났습니다. "
        + "마지막 출력: {text}"
    case .whileClassifying: "실패를 분류하는 동안"
    case .duringStep: "{step}을(를) 실행하는 동안"
    case .lateSignal: "시그널 {signal}(그 뒤 {grace} 안에 끝나지 않아 강제 종료함)"
    case .caseTimedOut:
      "케이스가 {limit} 안에 끝나지 않았습니다(마지막으로 끝난 단계는 {step}단계). 워커를 강제 종료했습니다"
    case .stepTimedOut:
      "{step}이(가) {limit} 안에 끝나지 않았습니다. 대상이 응답하지 않아 워커를 강제 종료했습니다"
    case .undoWord: "실행 취소"
    case .redoWord: "다시 실행"
    case .inverseRegisteredLate:
      "{step}단계의 {verb}이(가) 값을 바꿨지만 그 뒤의 {reverse}은(는) 아무것도 바꾸지 않고, {action}에서 "
        + "UndoManager가 어느 그룹에도 속하지 않은 등록을 보고했습니다. 역작업이 {verb}이(가) 끝난 뒤에 "
        + "등록되었습니다"
    case .undoManagerRefused: "UndoManager가 {action}을(를) 거부했습니다: {problems}"
    case .appKeepsOwnRedo:
      "{action} 뒤 canRedo=no인데 redoEnabled=yes이고, 다시 실행하면 value={now}이(가) value={redone}"
        + "(으)로 바뀝니다. 앱이 자체 다시 실행을 가지고 있고, 그것이 편집 뒤에도 남았습니다"
    case .modelButUI: "{model}인데 {ui}"
    case .uiNotRefreshed:
      "{action} 뒤 모델은 {pairs}입니다. UI 계층이 모델에서 새로 고쳐지지 않았습니다"
    case .undoLeftNoGroup:
      "{action} 전 {observed}. 실행 취소가 되돌려야 할 작업이 그룹을 남기지 않았습니다"
    case .restoredAfterUndos:
      "실행 취소 {count}번 뒤에 {expected}(으)로 돌아왔습니다. 작업이 그룹 {count}개로 기록되었습니다"
    case .undoWentPastStart:
      "실행 취소 한 번이 작업의 시작을 지나 {first}({step}단계 전의 값)까지 갔고, {merged}. "
        + "그룹이 합쳐졌습니다"
    case .editJoinedGroup: "{action}이(가) {before}을(를) {after}(으)로 바꿨는데 {undos}은(는) 그대로입니다"
    case .inverseWrongValue:
      "실행 취소가 그룹 하나를 꺼냈지만({counts}) value={value}을(를) 남겼고, 실행 취소를 몇 번 해도 "
        + "{expected}(으)로 돌아오지 않습니다(실행 취소 결과: {shown}). 역작업이 바꾼 값을 복원하지 않습니다"
    case .undoNotOneGroup:
      "실행 취소가 정확히 그룹 하나를 꺼내지 않았고({counts}), 실행 취소를 반복한 결과는 {shown}입니다"
    case .redoLeftNoGroup: "{action} 전 {observed}. 앞의 실행 취소가 다시 실행 그룹을 남기지 않았습니다"
    case .reachedAfterRedos:
      "다시 실행 {count}번 뒤에 {expected}에 도달했습니다. 실행 취소한 작업이 그룹 {count}개로 기록되었습니다"
    case .redoWrongValue:
      "다시 실행이 그룹 하나를 복원했지만({counts}) {expected}이(가) 아니라 value={value}을(를) 남겼습니다"
    case .redoNotOneGroup: "다시 실행이 정확히 그룹 하나를 복원하지 않았습니다({counts})"
    case .noInverseRegistered:
      "{action} 뒤 {observed}이고 다시 실행해도 아무것도 바뀌지 않습니다(value는 {value} 그대로). "
        + "실행 취소가 역작업을 등록하지 않아 다시 실행 그룹이 없습니다"
    case .redosNeeded:
      "{action} 뒤 {observed}이고, value={value}을(를) 복원하려면 다시 실행이 {count}번 필요합니다. "
        + "실행 취소가 작업을 그룹 {count}개로 남겼습니다"
    case .oneRedoGives: "{action} 뒤 {observed}이고, 다시 실행을 한 번 하면 value={value}이(가) 됩니다"
    case .historyKept:
      "{action} 뒤 {counts}(이전 {undos})이고, {probe}. 있으면 안 되는 이력이 남았거나 기록되었습니다"
    case .undoLeaves: "이어서 실행 취소해도 value={value} 그대로입니다. 앞서 기록된 것에 작용합니다"
    case .undoMoves: "이어서 실행 취소하면 value={from}이(가) value={to}(으)로 바뀝니다"
    case .emptyGroupAmongSplit:
      "{action} 뒤 {counts}. 실행 취소를 한 번 해도 아무것도 바뀌지 않고(value는 {value} 그대로), "
        + "실행 취소 {depth}번으로 {start}(으)로 돌아옵니다. 작업이 그룹 {depth}개로 기록되었고, 그중 "
        + "하나는 보이는 것을 아무것도 바꾸지 않습니다"
    case .emptyGroupRecorded:
      "{action} 뒤 {counts}인데 실행 취소를 한 번 해도 아무것도 바뀌지 않습니다(value는 {value} "
        + "그대로). 빈 그룹이 기록되었습니다"
    case .limitNotApplied:
      "이력 한도를 {limit}(으)로 정한 뒤에도 {undos}입니다. 한도가 UndoManager에 적용되지 않았습니다"
    case .editLostGroups:
      "{action}이(가) {before}을(를) {after}(으)로 바꿨습니다. 편집은 그룹을 추가해야 하는데 이력에서 "
        + "그룹이 사라졌습니다"
    case .actionMergedIntoGroup:
      "{action}이(가) value={from}을(를) value={to}(으)로 바꿨지만 undos는 {undos} 그대로이고, 실행 "
        + "취소를 한 번 하면 이전 작업 전의 값인 value={previous}(으)로 돌아옵니다. 작업이 앞 그룹에 "
        + "합쳐졌습니다"
    case .actionNotRecorded:
      "{action}이(가) value={from}을(를) value={to}(으)로 바꿨지만 {counts}은(는) 그대로입니다. "
        + "작업이 자체 그룹으로 기록되지 않았습니다"
    case .noUndoProbeExplained:
      "{action} 뒤 {counts}(이전 {undos}). 어떤 실행 취소 조사도 이 수를 설명하지 못했습니다"
    case .pessimisticDisplayBroken:
      "{action} 뒤 {observed}. 대상은 비관적 표시를 선언했으므로 {pending}이(가) 보류 중인 동안 행은 "
        + "확정된 값 {confirmed}을(를) 보여 줘야 하는데, 응답 전에 {shown}을(를) 보여 줍니다"
    case .savingNotBound: "{action} 뒤 {observed}. 저장 중 표시기가 pending에 연결되어 있지 않습니다"
    case .controlNotBound:
      "{action} 뒤 {record}.tapEnabled={enabled}인데 {record}을(를) 탭하면 {sent}. 컨트롤이 모델의 "
        + "게이트에 연결되어 있지 않습니다"
    case .tapSends: "쓰기를 보냅니다"
    case .tapSendsNothing: "아무것도 보내지 않습니다"
    }
  }
}
