export { createApp } from './app';
export type { AppConfig, Deps } from './http';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';
