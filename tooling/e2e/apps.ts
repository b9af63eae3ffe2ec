/** The built apps under test, with the ports `vite preview` serves them on (tooling/vite). */
export const APPS = [
  { id: 'human-16-lang', port: 5171, defaultLanguage: 'en', portalName: 'CGM Portal' },
  { id: 'human-7-lang', port: 5172, defaultLanguage: 'zh', portalName: 'GlucoView' },
  { id: 'pet-english', port: 5173, defaultLanguage: 'en', portalName: 'PawGlucose' },
] as const;

export type AppUnderTest = (typeof APPS)[number];

export const API_PORT = 8790;
export const appUrl = (app: AppUnderTest, path = '/') => `http://127.0.0.1:${app.port}${path}`;
