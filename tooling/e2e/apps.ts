/** The built apps under test, with the ports `vite preview` serves them on (tooling/vite). */
export const APPS = [
  { id: 'human-16-lang', port: 5171, defaultLanguage: 'en', logoText: 'CGM Portal', sidebarBg: 'rgb(15, 37, 48)' },
  { id: 'human-7-lang', port: 5172, defaultLanguage: 'zh', logoText: 'GlucoView', sidebarBg: 'rgb(27, 28, 58)' },
  { id: 'pet-english', port: 5173, defaultLanguage: 'en', logoText: 'PawGlucose', sidebarBg: 'rgb(45, 31, 20)' },
] as const;

export type AppUnderTest = (typeof APPS)[number];

export const API_PORT = 8790;
export const API_URL = `http://127.0.0.1:${API_PORT}`;
export const appUrl = (app: AppUnderTest, path = '/') => `http://127.0.0.1:${app.port}${path}`;
