/** 定足数 (issue 14): the board page, its room panel and the conference form's section. */
export { QuorumBoardPage } from './QuorumBoardPage';
export { ReceptionQuorumPanel } from './ReceptionQuorumPanel';
export { QuorumSettingsInput } from './QuorumSettingsInput';
export { quorumApi } from './api';
export { requiredCount } from './quorumMath';
