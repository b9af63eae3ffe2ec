export * from './common';
export * from './auth';
export * from './member';
export * from './follower';
export * from './glucose';
export * from './report';
export * from './registry';
export * from './data-transfer';
