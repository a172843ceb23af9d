/** Public interface of the operator module (decisions 163-166): start-up's operator account and the badges sweep. */
export { ensureOperatorAtStart, type OperatorAtStart } from './operator-start.js';
export { runBadgeSweep, meetsDiamondRule, badgesDailyJob, badgeEmailJob, DIAMOND_RULE } from './badge-jobs.js';
export { signInOperator, findOperatorSession, OPERATOR_SESSION_TTL_MS } from './operator-session.js';
export { recordAudit, listAudit } from './audit-log.js';
