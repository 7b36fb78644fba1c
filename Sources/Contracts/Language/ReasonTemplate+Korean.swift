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
    case .dragCommandNotRefused:
      "드래그 중의 {action}이(가) 거부되지 않았습니다({seen}). 드래그 작업이 아직 열려 있는 동안 "
        + "명령이 드래그 전에 기록된 이력에 닿았습니다"
    case .dragCommandRefused: "드래그 중의 {action}은(는) 아무것도 바꾸지 않았습니다({after}). 선언된 규칙 'refused'대로입니다"
    case .dragCommandChangedHistory: "드래그 중의 {action}이(가) 드래그를 취소하기만 하지 않고 이력을 바꿨습니다({seen})"
    case .dragCommandLeftValue:
      "드래그 중의 {action}은(는) 이력을 바꾸지 않고 value={value}을(를) 남겼습니다. "
        + "드래그는 value={start}에서 시작했고, 선언된 규칙 'cancels-drag'는 그 값으로 "
        + "되돌립니다"
    case .dragCommandCancelled: "{action}이(가) 드래그를 취소했습니다({after}). 선언된 규칙대로입니다"
    case .redoCountsAround: "{action} 전 {before}, 후 {after}"
    case .redoCountGrew: "{counts}. 다시 실행 수가 실행 취소가 꺼낸 그룹만큼 늘었습니다"
    case .redosBringBack: "{counts}. 하지만 그 뒤의 다시 실행이 value={lost}을(를) 되돌려 줍니다(다시 실행 결과: {shown})"
    case .undoLeftNoOwnRedo:
      "{counts}. 다시 실행을 한 번 하면 value={undone}이(가) 아니라 "
        + "value={redone}이(가) 됩니다. 실행 취소가 자기 다시 실행을 남기지 않았습니다"
    case .aRedoGives: "다시 실행 한 번의 결과는"
    case .redosGive: "다시 실행 {count}번의 결과는"
    case .ownRedoRestores:
      "다시 실행을 한 번 하면 그 실행 취소가 없앤 value={undone}(으)로 돌아오지만, {redos} "
        + "value={shown}"
    case .nothingToUndoThenRedo: "그 실행 취소에는 취소할 것이 없었고, {redos} value={shown}"
    case .undoDroppedRedo:
      "{counts}. {gives}이며, {earlier}이(가) 다시 실행하도록 남긴 "
        + "value={lost}은(는) 결코 나오지 않습니다. 두 번째 실행 취소가 첫 번째 실행 취소의 다시 "
        + "실행을 버렸습니다"
    case .undoStackEmptiedRedoKept:
      "{action}이(가) 실행 취소 스택을 비웠지만(이전 {before}, 이후 {after}) 다시 "
        + "실행하면 value={now}이(가) value={redone}(으)로 바뀝니다. 그 앞의 다시 실행 "
        + "분기가 남았습니다"
    case .earlierHistoryKept:
      "{action} 뒤 {counts}이고, 다시 실행하면 value={now}이(가) "
        + "value={redone}(으)로 바뀝니다. 편집이 아닌데도 그 작업 전에 기록된 이력이 남았습니다"
    case .redoBranchMayBeKept:
      "{action} 전 {before}이므로 실행 취소 스택이 비워졌는지 남았는지 구별할 수 없습니다. 이후 "
        + "{after}이고, 다시 실행하면 value={now}이(가) value={redone}(으)로 "
        + "바뀝니다. 남은 것은 다시 실행 분기뿐일 수 있습니다"
    case .redoBackToAbandoned:
      "{action} 뒤 {counts}이고, 다시 실행하면 value={now}이(가) "
        + "value={redone}(으)로 바뀌어 버려진 분기로 돌아갑니다"
    case .redoChangesNothing: "{action} 뒤 {counts}이지만 다시 실행해도 아무것도 바뀌지 않습니다(value는 {now} 그대로)"
    case .documentWhenLeft: "사용자가 문서 {document}을(를) 떠날 때({step}단계 전) {counts}이었습니다"
    case .switchBackChangedHistory: "{left}. {action} 뒤에는 {counts}입니다. 다시 실행 분기만이 아니라 이력 전체가 바뀌었습니다"
    case .switchBackRedoMoves: "{left}. {action} 뒤에는 {counts}이지만, 다시 실행하면 여전히 값이 바뀝니다"
    case .switchBackDroppedRedo:
      "{left}. {action}에서 다시 전환했을 때 실행 취소 이력은 남았지만 {counts}이(가) "
        + "되었습니다. 대상은 history-per-document를 선언했는데, 다시 전환하면서 다시 실행 "
        + "분기가 버려졌습니다"
    case .historyCarriedAcrossSwitch:
      "{action} 전 {before}, 이후 {after}인데, 전환한 문서에는 실행 취소하거나 다시 실행할 "
        + "것이 없습니다. 떠난 문서의 이력이 전환 뒤에도 남아 있고, {command}을(를) 해도 보이는 것이 "
        + "아무것도 바뀌지 않습니다"
    case .withOneMoreAdjustment:
      "{step}단계 앞에 조정을 하나 더하면(adjust {extra}) {action} 전 {before}, "
        + "후 {after}"
    case .redoMoves: "다시 실행하면 value={now}이(가) value={redone}(으)로 바뀝니다"
    case .deeperHistoryKept: "{counts}. 편집이 아닌데도 작업이 그 전에 기록된 이력을 남겼습니다({redo})"
    case .deeperRedoBranchKept: "{counts}. 작업이 실행 취소 스택은 비웠지만 다시 실행 분기는 남겼습니다({redo})"
    case .valueNotChanged: "{action}은(는) 값을 바꾸지 않았습니다({value})"
    case .nothingMadeStale:
      "{action}이(가) value={value}을(를) 남겼지만 오래된 것으로 만든 것이 없습니다. 시작한 "
        + "뒤로 문서도 값도 바뀌지 않았습니다"
    case .staleCallbackApplied:
      "{action}이(가) 없으면 기대대로이고, 있으면 value={value}입니다. 콜백이 "
        + "오래되었는데({staleness}) 적용되었습니다"
    case .staleResultApplied:
      "{action}이(가) 없으면 기대대로이고, 있으면 value={value}입니다. 결과가 "
        + "오래되었는데({staleness}) 적용되었습니다"
    case .leavingOutActionFails: "{action}을(를) 빼도 기대한 상태가 되지 않습니다"
    case .actionLeftValue: "{action}이(가) value={value}을(를) 남겼습니다"
    case .staleDocumentSwitched: "{step}단계에서 문서가 {document}(으)로 전환되었습니다"
    case .staleDocumentLoaded: "{step}단계에서 불러오기가 문서를 바꿨습니다"
    case .staleValueChanged: "{step}단계에서 {before}이(가) {after}(으)로 바뀌었습니다"
    case .cancelKeptGroups: "취소가 value={start}을(를) 복원했지만 {now}을(를) 남겼습니다. 드래그 중에 기록된 그룹이 남았습니다"
    case .cancelLeftValue: "취소 뒤에는 value={value}({now})이고, 드래그 시작 값 value={start}이(가) 아닙니다"
    case .dragRecordedInProgress:
      "드래그가 취소되기 전 {action} 뒤 {counts}이었습니다(드래그를 시작할 때 {began}). "
        + "드래그가 진행 중에 기록되었고, {cancel}"
    case .cancelledDragLeftValue:
      "취소한 드래그가 value={value}을(를) 남겼습니다({now}). 드래그는 "
        + "value={start}에서 시작했고({began}), 선언된 규칙 'restore-start'는 그 "
        + "값으로 되돌립니다"
    case .cancelledDragChangedHistory:
      "취소한 드래그가 value={start}을(를) 복원했지만 이력을 바꿨습니다(시작할 때 {began}, "
        + "이후 {now}). 취소한 드래그는 아무것도 기록하면 안 됩니다"
    case .cancelledDragRestored: "취소한 드래그가 value={start}을(를) 복원했고 이력은 그대로 두었습니다({now})"
    case .cancelledDragMovedValue:
      "취소한 드래그가 value={kept}을(를) value={value}(으)로 바꿨습니다({now}). "
        + "선언된 규칙 'keep-current'는 값을 드래그한 위치에 그대로 둡니다"
    case .cancelledDragNotRecorded:
      "취소한 드래그가 value={value}을(를) 유지했지만 {now}을(를) 남겼고(드래그를 시작할 때 "
        + "{began}), 실행 취소를 한 번 하면 value={start}이(가) 아니라 "
        + "{undone}이(가) 됩니다. 선언된 규칙 'keep-current'는 드래그를 실행 취소할 수 있는 "
        + "작업 하나로 기록하는데, 아무것도 기록되지 않았습니다"
    case .dragBackAtStart: "드래그가 시작 값(value={start})으로 돌아왔고, 대상은 이 경우 아무것도 기록하지 않는다고 선언합니다"
    case .keepCurrentOneGroup: "선언된 규칙 'keep-current'는 드래그를 그룹 하나로 기록합니다"
    case .groupsMoreOne: "기대보다 {count}개 많은 그룹"
    case .groupsMoreMany: "기대보다 {count}개 많은 그룹"
    case .cancelledDragExtraGroups:
      "취소한 드래그가 {now}을(를) 남겼고(드래그를 시작할 때 {began}) {extra}이(가) 있으며, "
        + "실행 취소를 한 번 하면 {undone}이(가) 됩니다. {what}"
    case .cancelledDragKeptAsRule:
      "취소한 드래그가 value={value}을(를) 유지하고 {now}을(를) 남겼습니다(시작할 때 "
        + "{began}). 선언된 규칙 'keep-current'대로입니다"
    case .emptyGroupBeside:
      "{action}이(가) {before}을(를) {after}(으)로 바꿨고, value={value}에서 "
        + "실행 취소를 {added}번 한 결과는 {shown}입니다. {index}번째 실행 취소는 보이는 것을 "
        + "아무것도 바꾸지 않으므로, 작업이 자기 그룹 외에 빈 그룹을 기록했습니다"
    case .groupLeftOpen: "{action} 뒤 groupingLevel이 {level}입니다. 그룹이 열린 채로 남았습니다"
    case .batchSentWhilePending:
      "{counts}인 상태에서 {action}이(가) 배치를 보냈습니다(sent=yes). 보류 중인 쓰기가 "
        + "있는 레코드는 다른 쓰기를 받지 않습니다"
    case .batchSentWhileNeedsSync:
      "{counts}인 상태에서 {action}이(가) 배치를 보냈습니다(sent=yes). 동기화할 때까지 "
        + "쓰기가 막히지 않습니다"
    case .batchHeldByOldSession:
      "{action}이(가) 아무것도 보내지 않았습니다(sent=no). {counts}은(는) "
        + "{step}단계의 세션 변경 전에 보낸 쓰기입니다. 세션 변경이 이전 세션의 쓰기를 보류 중으로 "
        + "남겼습니다"
    case .batchSharesGate:
      "{others}인 동안 {action}은(는) 아무것도 보내지 않았고, 다른 레코드의 쓰기를 빼면 배치가 "
        + "전송됩니다. 레코드들이 전송 중 게이트 하나를 공유합니다"
    case .batchGateClosed:
      "{counts}이고 동기화도 필요 없는데 {action}이(가) 아무것도 보내지 "
        + "않았습니다(sent=no). 게이트가 배치를 통과시키지 않았습니다"
    case .sessionChangedAt: "{step}단계에서 세션이 바뀌었습니다"
    case .answeredAt: "{step}단계에서 이미 응답을 받았습니다"
    case .timedOutAt: "{step}단계에서 시간 초과되었습니다"
    case .answerToBatch: "배치 {request}에 대한 응답"
    case .batchAnswerMissed:
      "{action} 뒤 {counts}. 배치 {request}에 대한 응답이 {settled}은(는) "
        + "확정했지만 {left}에는 닿지 않았습니다. 응답 하나는 그것이 담은 모든 레코드를 확정합니다"
    case .batchReachedNoneStill:
      "배치 {request}에 대한 응답 뒤 {counts}. 응답이 어느 레코드에도 닿지 않았고, 재정렬과 "
        + "필터를 빼도 여전히 {still}입니다"
    case .batchReachedNoneMoved:
      "{action} 뒤 {counts}. 배치 {request}에 대한 응답이 {records} 중 어디에도 "
        + "닿지 않았고, 재정렬과 필터({steps})가 없으면 모두 확정합니다. 레코드를 ID가 아니라 행이나 "
        + "표시된 내용으로 찾습니다"
    case .batchAnsweredTapSends: "배치 {request}에 대한 응답 뒤 {counts}이지만, {record}을(를) 탭하면 쓰기를 보냅니다"
    case .batchGateNotReopened:
      "{action} 뒤에도 {counts}이고, {record}을(를) 탭해도 아무것도 보내지 않습니다. 배치 "
        + "{request}에 대한 응답이 어느 레코드에도 닿지 않아 게이트를 다시 열지 않았습니다"
    case .batchRollback:
      "{request}이(가) 거부되어 {before}이(가) {after}(으)로 바뀌었습니다. 거부된 배치는 "
        + "모든 레코드를 지금 확정된 값으로 되돌립니다"
    case .batchUnknown: "{request}의 결과를 알 수 없게 된 뒤 {counts}. 배치의 모든 레코드는 임시 값을 거두고 동기화가 필요합니다"
    case .batchServerValue: "'{request}'이(가) {outcome}(으)로 저장된 뒤 {counts}. 각 레코드는 서버의 값을 받아들입니다"
    case .rowApartFromModel:
      "{action} 뒤 {observed}. 모델은 {model}을(를) 가지고 있고 행은 "
        + "{shown}을(를) 보여 주므로, 행이 모델에서 새로 고쳐지지 않았습니다"
    case .tapSendsAnother: "{observed}인 상태에서 {record}을(를) 탭하면 쓰기를 하나 더 보냅니다"
    case .tapSendsWhileNeedsSync:
      "{observed}인 상태에서 {record}을(를) 탭하면 쓰기를 보냅니다. 동기화할 때까지 쓰기가 "
        + "막히지 않습니다"
    case .tapGateClosed:
      "{observed}인데 {record}을(를) 탭해도 아무것도 보내지 않습니다. 보류 중인 쓰기도 필요한 "
        + "동기화도 없는데 게이트가 닫혀 있습니다"
    case .aTapOn: "{record} 탭"
    case .theTapOn: "이번 {record} 탭"
    case .tapSharesGate:
      "{others}인 동안 {record}을(를) 탭해도 아무것도 보내지 않고, 다른 레코드의 쓰기를 빼면 "
        + "전송됩니다. 레코드들이 전송 중 게이트 하나를 공유합니다"
    case .writeSharesGate:
      "{others}인 동안 {write}은(는) 아무것도 보내지 않았고, 다른 레코드의 쓰기를 빼면 "
        + "전송됩니다. 레코드들이 전송 중 게이트 하나를 공유합니다"
    case .writeSentAnother: "{counts}일 때 {write}이(가) 쓰기를 하나 더 보냈습니다"
    case .writeSentWhileNeedsSync: "{counts}일 때 {write}이(가) 쓰기를 보냈습니다. 동기화할 때까지 쓰기가 막히지 않습니다"
    case .writeSent: "{counts}일 때 {write}이(가) 쓰기를 보냈습니다"
    case .expectsWriteWhilePending:
      "{counts}이(가) 보류 중이고 응답이 없는데 단계가 쓰기를 기대합니다. 레코드마다 전송 중인 쓰기는 "
        + "한 번에 하나이므로, 모델이 아니라 기대가 틀린 것으로 보입니다"
    case .writeStuckPending: "{counts}이(가) 아직 보류 중이어서 {write}이(가) 아무것도 보내지 않았습니다. {settlement}"
    case .answerDidNotSettle: "{step}단계의 응답 '{answer}'(으)로 확정되지 않았습니다"
    case .noAnswerBeforeTap: "이 탭 전에 {request}에 대한 응답이 오지 않았습니다"
    case .writeBlockedBySyncToo:
      "{counts}이기도 해서 {write}이(가) 아무것도 보내지 않았습니다. 필요한 동기화도 그것을 "
        + "거부하므로, 쓰기는 확정되었고 막은 것은 결과를 알 수 없는 상태일 수 있습니다"
    case .writeBlockedBySync:
      "{counts}이어서 {write}이(가) 아무것도 보내지 않았습니다. {last}결과를 알거나 동기화가 "
        + "끝났으면 레코드는 쓸 수 있어야 합니다"
    case .lastAnswerWas: "마지막 응답은 '{answer}'이었습니다. "
    case .choiceRefused:
      "{counts}일 때 {write}은(는) 아무것도 보내지 않았지만, 그 뒤 {record}을(를) 탭하면 "
        + "쓰기를 보냅니다. 레코드를 막는 것이 없는데 {value} 선택이 거부됩니다(선택지가 셋 이상인 대상은 "
        + "choose(_:record:)를 구현합니다. 프로토콜의 기본 구현은 탭만 합니다)"
    case .writeGateClosed:
      "{counts}일 때 {write}이(가) 아무것도 보내지 않았습니다. 보류 중인 쓰기도 필요한 동기화도 "
        + "없는데 게이트가 닫혀 있습니다"
    case .writeFoundAndLeft: "{write} 때는 {counts}이었고, 뒤에는 {left}입니다"
    case .writeChangedPending: "{counts}인 동안 {write}이(가) {before}을(를) {after}(으)로 바꿨습니다"
    case .answerTo: "{request}에 대한 응답"
    case .unknownOutcomeOf: "{request}의 결과를 알 수 없게 된 것"
    case .writeNeverSent:
      "쓰기 {request}은(는) 한 번도 보내지지 않았으므로({action} 뒤 sent=no) 그 응답은 "
        + "아무 일도 할 수 없습니다"
    case .syncNeverSent:
      "동기화 {request}은(는) 한 번도 보내지지 않았으므로({action} 뒤 sent=no) 그 응답은 "
        + "아무 일도 할 수 없습니다. 동기화는 필요할 때만이 아니라 언제든 시작할 수 있습니다"
    case .andShowed: ", {value} 표시"
    case .queuedWriteNotSent:
      "{request}이(가) 보류 중일 때의 {record} 탭은 대기열에 들어갔지만({queued}은(는) "
        + "전송 없음{shown}) {action}이(가) 쓰기를 보내지 않았습니다. 전송 중 규칙 "
        + "queue-latest에서는 응답이 대기열의 값을 보냅니다"
    case .roundTripNeverSent:
      "{record}의 동기화는 한 번도 보내지지 않았습니다({action} 뒤 sent=no). 동기화는 "
        + "필요할 때만이 아니라 언제든 시작할 수 있습니다"
    case .answerWasCurrent: "{request}에 대한 응답은 최신이었으므로(도착했을 때 {counts}) 오래된 것이 아니었습니다"
    case .answerDidNotReopen:
      "응답 뒤에도 {counts}이고, {record}을(를) 탭해도 아무것도 보내지 않습니다. 응답이 레코드의 "
        + "게이트를 다시 열지 않았습니다"
    case .answeredTapSends: "응답 뒤에도 {counts}이지만, {record}을(를) 탭하면 쓰기를 보냅니다"
    case .rowNotRepainted:
      "{action} 뒤 {observed}이지만, {record}을(를) 탭하면 쓰기를 보내고 여전히 "
        + "{tapped}을(를) 보여 줍니다. 탭은 모델이 가진 값의 다음 값을 요청하므로, 모델은 행의 "
        + "{shown}과(와) 다른 값을 가지고 있었고 행이 다시 그려지지 않았습니다"
    case .otherRecordChanged:
      "{record}에 대한 쓰기인 {what}이(가) {other}을(를) 바꿨습니다. 이전 {before}, "
        + "이후 {after}"
    case .resorts: "재정렬"
    case .resortsAndFilters: "재정렬과 필터"
    case .leavingOutMovesFails: "{moves}을(를) 빼도 기대한 상태가 되지 않습니다"
    case .locatedByRow:
      "{moves}이(가) 없으면 {request}에 대한 응답이 기대대로 {record}에 닿고, 있으면 "
        + "{order}, {shown}입니다. 레코드를 ID가 아니라 행으로 찾습니다"
    case .successNotStored:
      "서버가 'saved {value}'(이)라고 응답하든 'saved {other}'(이)라고 응답하든 "
        + "{stored}이고, 행은 응답을 따릅니다. 성공이 표시되지만 확정된 값으로 저장되지 않습니다"
    case .successShowsIntent:
      "서버가 'saved {value}'(이)라고 응답하든 'saved {other}'(이)라고 응답하든 "
        + "{shown}입니다. 성공하면 서버의 값이 아니라 사용자의 의도를 보여 줍니다"
    case .withSavedInstead: "대신 'saved {other}'이면 {shown}"
    case .rowFollowsServer: "{followed}. 행은 서버의 값을 따릅니다"
    case .rejectionNeedsSync:
      "{request}이(가) 거부되어 {before}이(가) {after}(으)로 바뀌었습니다. 거부는 결과를 "
        + "아는 상태이므로 레코드는 되돌아가고 계속 쓸 수 있어야 합니다"
    case .rejectionChangedConfirmed:
      "{request}이(가) 거부되어 {before}이(가) {after}(으)로 바뀌었습니다. 거부는 확정된 "
        + "값을 그대로 두어야 합니다"
    case .afterRejection: "거부 뒤 {observed}"
    case .rollbackToSnapshot:
      "{request}이(가) 거부된 뒤 {observed}. {atTap}은(는) 탭했을 때의 값입니다. "
        + "롤백이 지금 확정된 값이 아니라 스냅숏으로 되돌립니다"
    case .rollbackNotShown: "{request}이(가) 거부된 뒤 {observed}. 행이 지금 확정된 값을 보여 주지 않습니다"
    case .outcomeTreatedAsKnown:
      "{what} 뒤 {observed}이고, {record}을(를) 탭하면 쓰기를 보냅니다. 결과를 아는 "
        + "것으로 취급했습니다"
    case .unknownTreatedAsSuccess:
      "{what}(으)로 {before}이(가) {after}(으)로 바뀌었습니다. 알 수 없는 결과를 성공으로 "
        + "취급했습니다"
    case .unknownTapSendsNothing: "{what} 뒤 {observed}이고, {record}을(를) 탭해도 아무것도 보내지 않습니다"
    case .modelKeptProvisional: "{what} 뒤 {observed}. 모델 자체가 임시 값을 유지했고, 거두지 않았습니다"
    case .failedReadRepaints:
      "{what} 뒤 {observed}이고, 레코드가 가진 것을 아무것도 바꾸지 않는 {record} 읽기 "
        + "실패 뒤에는 {repainted}입니다. 모델은 임시 값을 거두었는데 행이 다시 그려지지 않았습니다"
    case .provisionalNotWithdrawn:
      "{what} 뒤 {observed}이고, {record} 읽기가 실패한 뒤에도 같습니다. 임시 값을 거두지 "
        + "않았습니다"
    case .modelMayBeRight:
      "{what} 뒤 {observed}이고 {record}을(를) 탭해도 아무것도 보내지 않으므로, 탭 "
        + "조사로는 모델이 가진 값을 알 수 없고 대상도 그것을 보고하지 "
        + "않습니다(`{record}.model`). 모델은 맞고 행만 다시 그려지지 않았을 수 있습니다"
    case .cancelling: "{request} 취소"
    case .answerToSync: "동기화 {request}에 대한 응답"
    case .syncOf: "{record}의 동기화"
    case .syncAnswerWasCurrent: "{what}은(는) 레코드의 현재 동기화에 대한 것이므로 오래된 것이 아니었습니다"
    case .whatChanged: "{what}(으)로 {before}이(가) {after}(으)로 바뀌었습니다"
    case .readDroppedWrite:
      "{what}(으)로 {before}이(가) {after}(으)로 바뀌었고, 그 뒤 {record}을(를) "
        + "탭하면 쓰기를 하나 더 보냅니다. 읽기가 아직 전송 중인 쓰기를 버렸습니다"
    case .syncTapSends: "{what} 뒤 {counts}이지만, 탭하면 쓰기를 보냅니다"
    case .syncDoesNotUnblock:
      "{what} 뒤 {observed}이고, {record}을(를) 탭해도 아무것도 보내지 않습니다. 끝난 "
        + "동기화가 쓰기 막힘을 풀지 않습니다"
    case .failedReadUnblocked:
      "{what}이(가) 실패했는데도 {before}을(를) {after}(으)로 바꿨습니다. 읽기가 실패하면 "
        + "레코드는 막힌 채로 있어야 합니다"
    case .recordFollowsSync: "반대 값을 읽으면 {shown}. 레코드는 동기화를 따릅니다"
    case .syncValueIgnored: "동기화가 {value}을(를) 읽든 {other}을(를) 읽든 {shown}입니다. 레코드가 서버의 값을 무시합니다"
    case .cancelOf: "{request} 취소"
    case .itChanged: "{record}을(를) 바꿨습니다(이후 {counts})"
    case .itWasApplied: "적용되었습니다"
    case .leavingOutFails: "{what}을(를) 빼도 기대한 상태가 되지 않습니다"
    case .leavingOutGivesExpected: "{what}을(를) 빼면 기대한 상태가 됩니다. {facts}. 그런데도 {effect}"
    case .cancelledAt: "{step}단계에서 취소되었습니다"
    case .anotherTapsRequest: "다른 탭의 요청"
    case .anotherSync: "다른 동기화"
    case .sentAfterIt: "그 뒤 {step}단계에서 {request}이(가) 보내졌습니다"
    case .whenItCame: "도착했을 때 {counts}이었습니다"
    case .sessionWriteStillPending: "세션 변경 뒤 {observed}. 이전 세션의 쓰기가 아직 보류 중입니다"
    case .sessionUnknownKept: "세션 변경 뒤 {observed}. 이전 세션의 알 수 없는 결과가 남았습니다"
    case .sessionValueKept: "새 세션은 {value}(이)라고 하는데 세션 변경 뒤 {observed}입니다"
    case .sessionKeptNothing: "세션 변경 뒤 pending, needsSync, 값 중 어느 것을 남긴 레코드도 없습니다"
    case .resortChangedNothing: "재정렬이 어느 레코드의 상태도 바꾸지 않았습니다({order})"
    case .resortChangedState: "재정렬로 {before}이(가) {after}(으)로 바뀌었습니다. 레코드에 속하는 상태를 행이 가지고 있습니다"
    case .rowsMovedLocatedByRow:
      "{steps}이(가) 없으면 {what}(으)로 기대한 상태가 되고, 있으면 {order}입니다. 레코드를 "
        + "ID가 아니라 행으로 찾습니다"
    case .noReadDue:
      "{record}의 읽기는 필요하지 않았습니다({counts}). 'read'는 결과를 알 수 없게 되거나 "
        + "취소한 뒤 앱이 시작하는 읽기에 이름을 붙입니다"
    case .readNotStarted:
      "{counts}인데 앱이 '{request}'(이)라고 이름 붙일 {record} 읽기를 시작하지 "
        + "않았습니다({action} 뒤 sent=no). 앱은 automatic-reads를 선언했습니다. "
        + "결과를 알 수 없는 레코드는 다음 쓰기 전에 서버에서 읽어야 합니다"
    case .readWhereNotDue:
      "앱이 {records} 읽기를 시작했습니다(started={list}). {action} 전 "
        + "{before}, 후 {after}입니다. 결과를 알 수 없게 된 것이 없는데 스스로 읽습니다"
    case .unnamedRead:
      "앱은 읽기가 필요할 때({counts}) {list} 읽기를 시작했고, automatic-reads를 "
        + "선언한 앱은 그래야 합니다. 그런데 케이스가 그 읽기에 이름을 붙이지 않았습니다. 읽기를 시작한 단계 "
        + "다음 단계에서 'read <id> as <name>'(으)로 이름을 붙이세요(스스로 읽지 않는 앱용 "
        + "케이스는 'sync'로 동기화합니다)"
    case .filterChangedNothing: "필터가 어느 레코드의 확정된 값, 보류 중인 쓰기, 필요한 동기화도 바꾸지 않았습니다"
    case .filterDroppedState: "필터로 {before}이(가) {after}(으)로 바뀌었습니다. 행을 숨기면서 그 레코드에 속하는 상태가 사라졌습니다"
    case .refreshAnswerWasNewest: "{request}에 대한 응답은 최신 새로 고침에 대한 것이므로 오래된 것이 아니었습니다"
    case .answerToRefresh: "새로 고침 {request}에 대한 응답"
    case .refreshDroppedWrite:
      "새로 고침 {request}에 대한 응답으로 {before}이(가) {after}(으)로 바뀌었습니다. "
        + "목록을 다시 불러오면서 아직 전송 중인 쓰기를 버렸습니다"
    case .anotherRefresh: "다른 새로 고침"
    case .noWriteTimeout: "대상은 쓰기 시간 초과를 선언하지 않았는데 {action}이(가) {record}을(를) 바꿨습니다"
    case .noWriteDueBy: "그때까지 기한이 된 {record} 쓰기는 없었습니다"
    case .earlierTimeoutFellDue: "{writes}({steps}단계에서 보냄)의 시간 초과가 이번 대기 중에 닥쳤습니다"
    case .timerOutlivedWrite:
      "{action}이(가) {now}에 {request}을(를) 거두었지만(이전 {before}, 이후 "
        + "{after}) 그 자체의 시간 초과는 {deadline}입니다({step}단계에서 보냄, 시간 초과 "
        + "{timeout}). {reason}. 타이머가 설정된 쓰기보다 오래 남았습니다"
    case .timeoutOf: "{request}의 시간 초과"
    case .stillPendingBeforeTimeout: "{request}은(는) {now}에 아직 보류 중이고, 시간 초과인 {deadline} 전입니다"
    case .timeoutNotGivenUp:
      "{action}이(가) {request}({step}단계에서 보냄, 기한 {deadline})의 시간 "
        + "초과를 응답 없이 지나가게 했고, 여전히 {counts}입니다. 쓰기를 결과를 알 수 없는 것으로 "
        + "포기하지 않았습니다"
    case .syncPredatesUnknown:
      "{what}(으)로 {before}이(가) {after}(으)로 바뀌었지만, 그것은 "
        + "{blocked}단계에서 {record} 쓰기의 결과를 알 수 없게 되기 전인 {sent}단계에서 보낸 "
        + "것입니다. 그 값은 그 쓰기보다 오래되었을 수 있고, 레코드의 막힘은 그 뒤의 읽기 "
        + "{read}({step}단계)만 풀 수 있습니다. 응답을 빼면 기대한 상태가 됩니다"
    case .unnamedWrite: "이름 없는 쓰기"
    case .unnamedBatch: "이름 없는 배치"
    case .searchingBackwards:
      "거슬러 올라가 찾아보면, 이력이 처음 계약과 어긋난 것은 {at} 뒤이고({divergence}) 그것이 "
        + "드러난 것은 {action}입니다. 그 단계에서: "
    case .withLimitLifted: "이력 한도를 모두 없애면('levels 0') 같은 앞부분에서 {divergence}이(가) 됩니다. 그 단계에서: "
    case .contractExpects: "계약은 {expected}인데 {shown}"
    case .walkContractExpects: "실행 취소 결과는 {shown}이고, 계약은 {expected}입니다"
    case .workerRefused: "워커가 케이스를 거부했습니다: {problem}"
    case .noReasonGiven: "이유가 주어지지 않았습니다"
    case .shrunkNotReproduced:
      "줄인 케이스를 새 대상에서 실행하자 실패가 재현되지 않았습니다. 재실행에서는 {seen}이었습니다. 모델이 "
        + "단계 밖의 무언가에 의존합니다"
    case .sessionBrokeWorker:
      "세션은 재실행하고 줄이는 동안에는 워커를 망가뜨렸지만({how}) 새 대상에서 케이스로 실행했을 때는 "
        + "그러지 않았습니다. 모델이 단계 밖의 무언가에 의존합니다"
    case .explorationNotReproducedAtStep:
      "줄인 케이스를 새 대상에서 실행하자 실패가 재현되지 않았습니다. 탐색에서는 {step}단계에서 {seen}이었습니다. "
        + "모델이 단계 밖의 무언가(공유 또는 전역 상태, 시간)에 의존합니다"
    case .explorationNotReproduced:
      "줄인 케이스를 새 대상에서 실행하자 실패가 재현되지 않았습니다. 탐색에서는 {seen}이었습니다. "
        + "모델이 단계 밖의 무언가(공유 또는 전역 상태, 시간)에 의존합니다"
    case .sequenceBrokeWorkerOnce:
      "{sequence}번 시퀀스를 탐색하던 워커가 {end}였지만 다시 실행했을 때는 워커를 망가뜨리지 않았습니다. "
        + "모델이 단계 밖의 무언가(공유 또는 전역 상태, 시간)에 의존합니다"
    case .brokeWorkerWhileShrinking:
      " (줄이는 동안 이를 탐색하던 워커가 {end}였으므로 케이스를 줄이지 않았습니다)"
    case .exitStatus: "종료 상태 {status}"
    case .endedBySignal: "시그널 {signal}"
    case .stillRunning: "아직 실행 중"
    case .factSeparator: ". "
    }
  }
}
