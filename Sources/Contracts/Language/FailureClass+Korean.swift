// The failure classes in Korean: one case per class, so the compiler checks none is missing.

extension FailureClass {
  /// The class's text in Korean (see ``text(in:)``).
  var koreanText: FailureClassText {
    switch self {
    case .valueRestoration:
      FailureClassText(
        summary: "실행 취소나 다시 실행이 작업이 바꾼 값을 되돌리지 못합니다.",
        definition: "실행 취소나 다시 실행이 이력의 올바른 위치에는 도달하지만, 작업이 바꾼 값을 되돌리지 못합니다.",
        typicalCauses: [
          "역작업이 등록할 때 이전 값을 저장하지 않고, 실행 취소 시점에 대상의 현재 값을 읽음",
          "역작업이 다른 속성이나 반올림된 값을 복원함",
          "취소된 드래그가 시작 위치로 돌아가지 않음",
        ],
        whereToLook: "registerUndo에 전달한 클로저: 무엇을 캡처하고 무엇을 설정하는지 확인하세요.")
    case .groupBoundary:
      FailureClassText(
        summary: "사용자 작업 하나가 여러 그룹으로, 여러 작업이 한 그룹으로 기록되었거나 그룹이 열린 채 남았습니다.",
        definition: "이력 그룹이 사용자 작업과 맞지 않습니다. 작업 하나가 여러 그룹이 되었거나, 여러 작업이 한 "
          + "그룹이 되었거나, 빈 작업이나 사용자가 하지 않은 작업이 기록되었거나, 그룹이 열린 채 남아 "
          + "있습니다.",
        typicalCauses: [
          "드래그나 텍스트 콜백마다 별도의 그룹으로 등록함(“드래그 한 번에 실행 취소 열 번”)",
          "버튼 핸들러가 endUndoGrouping을 빠뜨려 다음 작업이 그 그룹에 합쳐짐",
          "값이 같은 변경에도 그룹을 엶(Apple은 빈 그룹을 남기므로 canUndo가 true가 됨)",
          "프로그램에 의한 문서 불러오기나 초깃값 설정이 편집 진입점을 거침",
          "문서를 전환한 뒤에도 이력이 유지됨",
          "비동기 결과를 자체 그룹 없이 적용하거나 levelsOfUndo를 무시함",
          "병합 시간 창이 닫히지 않거나, 선언보다 짧거나, 실행 취소 뒤에도 유지됨",
          "모델이 useClock(_:)으로 받은 시계 대신 실제 시간을 읽어서, 케이스 안의 대기에 시간이 "
            + "전혀 걸리지 않음",
          "선택 전체에 그룹 하나가 아니라 선택한 항목마다 그룹을 하나씩 기록함",
        ],
        whereToLook: "편집 진입점의 모든 beginUndoGrouping/endUndoGrouping 쌍, 같은 값을 "
          + "거르는 가드, 문서 불러오기와 문서 전환.")
    case .redoAvailability:
      FailureClassText(
        summary: "다시 실행이 있어야 할 때 없거나, 새 편집 뒤에도 남아 있습니다.",
        definition: "실행 취소 뒤에 다시 실행을 할 수 없거나, 새 편집으로 이력이 분기된 뒤에도 다시 실행을 할 수 "
          + "있습니다.",
        typicalCauses: [
          "실행 취소 핸들러가 편집 진입점을 호출하지 않고 값을 직접 대입해서, 실행 취소 중에 역작업이 "
            + "등록되지 않음",
          "역작업이 실행 취소 단계가 끝난 뒤에 비동기로 등록됨",
          "새 편집 경로가 UndoManager를 거치지 않아 다시 실행 스택이 남음",
          "실행 취소할 때마다 먼저 다시 실행 스택을 비워서, 두 번째 실행 취소가 첫 번째 실행 취소의 다시 "
            + "실행을 지움",
        ],
        whereToLook: "실행 취소 핸들러: 역작업이 다시 실행 스택에 쌓이도록 편집 진입점을 동기적으로 호출해야 합니다.")
    case .uiBinding:
      FailureClassText(
        summary: "모델은 맞지만 UI에 보이는 것이 틀립니다.",
        definition: "모델은 올바른 상태를 갖고 있지만 UI 계층은 다른 것을 보여 줍니다. 오래된 값이나, 상태에 "
          + "바인딩되지 않은 컨트롤 또는 표시기입니다.",
        typicalCauses: [
          "사용자 편집 뒤에는 화면을 갱신하지만 실행 취소/다시 실행 알림 뒤에는 갱신하지 않음",
          "실행 취소/다시 실행 버튼이 canUndo/canRedo 대신 캐시한 플래그를 읽음",
          "저장 중 표시기나 탭 차단이 pending이 아닌 별도의 플래그로 제어됨",
        ],
        whereToLook: "모델과 뷰 사이의 변경 알림과 바인딩. 고치려고 이력을 다시 등록하지 마세요.")
    case .staleResponse:
      FailureClassText(
        summary: "이전 요청, 문서, 세션의 응답이나 콜백이 적용되었습니다.",
        definition: "이전 요청, 리비전, 문서, 세션에 속한 응답이나 콜백이 현재 상태를 바꿨습니다.",
        typicalCauses: [
          "응답의 티켓을 대기 중인 티켓과 비교하지 않고 적용함",
          "중복된 콜백을 두 번 적용함",
          "이전 세션의 콜백을 현재 세션과 대조하지 않음",
          "비동기 결과를 문서 ID와 리비전을 확인하지 않고 적용함",
        ],
        whereToLook: "응답 핸들러: 적용하기 전에 티켓, 세션, 문서, 리비전을 비교하세요.")
    case .rollback:
      FailureClassText(
        summary: "명시적으로 거부된 뒤 지금 확정된 값으로 복원되지 않았습니다.",
        definition: "명시적으로 거부된 뒤 레코드가 지금 확정된 값을 보여 주지 않습니다.",
        typicalCauses: [
          "롤백이 현재 확정된 값이 아니라 탭할 때 찍어 둔 스냅숏을 복원함",
          "오류 경로 중 하나가 롤백하지 않음",
        ],
        whereToLook: "finish의 거부 분기: 지금 시점에 확정된 값을 복원해야 합니다.")
    case .inFlightGate:
      FailureClassText(
        summary: "쓰기 중의 탭이 또 다른 쓰기를 보냈거나, 응답 뒤에 게이트가 다시 열리지 않았습니다.",
        definition: "쓰기가 진행 중일 때의 탭이 또 다른 쓰기를 보냈거나 임시 값을 바꿨습니다. 또는 쓰기에 응답이 온 "
          + "뒤에도 레코드의 게이트가 다시 열리지 않았습니다. 또는 선언된 쓰기 중 규칙(latest-wins, queue-latest)대로 "
          + "탭이 처리되지 않았습니다.",
        typicalCauses: [
          "탭 핸들러가 보내기 전에 pending을 확인하지 않음",
          "pending을 덮어씀",
          "응답 경로 중 하나(주로 거부)가 pending을 지우지 않음",
          "queue-latest에서 대기시킨 탭을 버리거나, 대기 중인 쓰기에 응답이 온 뒤 보내지 않음",
        ],
        whereToLook: "begin: 레코드별 pending 가드(queue-latest에서는 응답 뒤 대기시킨 값을 보내는 부분).")
    case .serverAuthority:
      FailureClassText(
        summary: "성공이나 동기화 뒤에 서버 값이 아닌 것이 보입니다.",
        definition: "성공이나 동기화 뒤에 레코드가 서버가 확정한 값을 보여 주지 않습니다(사용자가 의도한 값을 보여 "
          + "주거나, 읽어 온 값을 무시합니다).",
        typicalCauses: [
          "성공 경로가 응답의 값 대신 사용자가 의도한 값을 복사함",
          "동기화 응답으로 레코드의 차단은 풀리지만 그 값은 버려짐",
        ],
        whereToLook: "finish의 성공 분기: 응답에 담긴 값을 채택하세요.")
    case .unknownOutcome:
      FailureClassText(
        summary: "시간 초과, 연결 끊김, 취소가 결과를 아는 것처럼 처리되었습니다.",
        definition: "시간 초과, 연결 끊김, 취소가 결과를 아는 거부나 성공으로 처리되었습니다. 레코드는 임시 값을 "
          + "거두고 동기화될 때까지 쓰기를 막아야 하며, 동기화가 끝나면 차단을 풀어야 합니다.",
        typicalCauses: [
          "시간 초과를 거부 분기에서 처리함(롤백하고 다시 쓰기를 허용)",
          "시간 초과를 성공 분기에서 처리함",
          "취소를 쓰기가 커밋되지 않았다는 뜻으로 받아들임",
          "완료된 동기화가 needs-sync 플래그를 지우지 않음",
          "automatic-reads를 선언한 앱이 시간 초과나 취소 뒤에 읽기를 시작하지 않거나, 결과가 "
            + "불확실해지지 않았는데 읽기를 시작함",
        ],
        whereToLook: "네트워크 오류 핸들러: 커밋되지 않았다고 확실히 알 수 있는 것은 비즈니스 규칙에 따른 거부뿐입니다.")
    case .recordIdentity:
      FailureClassText(
        summary: "응답이 엉뚱한 레코드에 도달했거나, 레코드끼리 상태를 공유합니다.",
        definition: "응답이 엉뚱한 레코드에 적용되었거나(ID가 아니라 행으로 찾음), 레코드끼리 진행 중인 쓰기 상태를 "
          + "공유합니다.",
        typicalCauses: [
          "요청이 행 인덱스를 캡처하는데, 정렬과 필터링이 그 인덱스를 바꿈",
          "전역 pending 플래그 하나를 모든 레코드가 공유함",
        ],
        whereToLook: "응답이 레코드를 찾는 방법: 행 번호가 아니라 항상 레코드 ID로 찾고, 상태는 레코드마다 두세요.")
    case .sessionReset:
      FailureClassText(
        summary: "세션이 바뀐 뒤에도 이전 세션의 상태가 남아 있습니다.",
        definition: "로그아웃했다가 다시 로그인한 뒤에도 레코드에 이전 세션의 상태가 남아 있습니다.",
        typicalCauses: [
          "로그아웃해도 레코드의 상태 머신을 유지함",
          "이전 세션에서 진행 중이던 쓰기가 새 세션에서도 대기 상태로 남음",
        ],
        whereToLook: "로그아웃/로그인 경로: 모든 레코드의 상태를 교체하고 기준이 되는 데이터를 다시 불러오세요.")
    case .controlIntent:
      FailureClassText(
        summary: "컨트롤이 사용자가 고른 값과 다른 값을 요청했습니다.",
        definition: "탭이나 선택이 사용자가 고른 값(고른 값, 또는 보이는 값에 대해 탭이 요청하는 값)과 다른 값의 쓰기를 "
          + "보냈고, 행에도 그 다른 값이 보입니다. 응답이나 게이트가 아니라 컨트롤이 잘못된 의도에 연결되어 있습니다.",
        typicalCauses: [
          "버튼의 동작이 잘못된 값을 지정함(아래쪽 화살표가 추천 동작을 호출함)",
          "탭이 요청하는 값을 보이는 값이 아니라 확정된 값이나 오래된 사본에서 구함",
          "선택기가 항목을 위치로 값에 대응시키는데 그 순서가 바뀜",
        ],
        whereToLook: "컨트롤의 동작: 버튼이나 항목마다 쓰기에 어떤 값을 넘기는지 확인하세요.")
    case .crashed:
      FailureClassText(
        summary: "대상이 트랩에 걸렸거나, 대상을 실행하던 프로세스가 종료되었습니다.",
        definition: "케이스 실행 중에 대상이 트랩에 걸렸거나(precondition, 강제 언래핑, 범위를 벗어난 "
          + "인덱스) 대상을 실행하던 프로세스가 종료되었습니다. 그때 실행 중이던 단계를 알려 줍니다.",
        typicalCauses: [
          "이 순서의 이벤트가 도달한 모델 안의 precondition이나 fatalError",
          "다른 이벤트가 이미 지운 상태를 강제 언래핑함",
          "재정렬이나 삭제 전에 얻어 둔 인덱스",
        ],
        whereToLook: "치명적 오류 메시지와 케이스가 실행 중이던 단계. replay로 케이스를 재실행하면 재현할 수 "
          + "있습니다.")
    case .timedOut:
      FailureClassText(
        summary: "단계나 케이스 전체가 제한 시간 안에 끝나지 않았습니다.",
        definition: "단계나 케이스 전체가 제한 시간(--step-timeout, --case-timeout) 안에 "
          + "끝나지 않았습니다. 대상이 멈췄고, 그 워커는 강제 종료되었습니다.",
        typicalCauses: [
          "다른 이벤트만 바꿀 수 있는 것을 기다리는 루프",
          "메인 스레드에 넣은 작업을 메인 스레드에서 동기적으로 기다림",
          "멈춘 것이 아니라 느린 단계: --step-timeout을 늘리세요",
        ],
        whereToLook: "중단될 때 케이스가 실행 중이던 단계. 어디서 기다리는지 보려면 디버거에서 "
          + "--no-isolation으로 실행하세요.")
    case .unclassified:
      FailureClassText(
        summary: "어떤 실험도 클래스를 확인하지 못했습니다. 이유에 시도한 내용이 나옵니다.",
        definition: "어떤 실험도 클래스를 확인하지 못했습니다. 이유에는 시도한 것과 관찰한 것이 나열됩니다. 단계 "
          + "기록을 읽으세요.",
        typicalCauses: [
          "처음으로 어긋난 단계와 그 직전 상태를 살펴보세요"
        ],
        whereToLook: "실패한 케이스의 단계 기록.")
    }
  }
}
