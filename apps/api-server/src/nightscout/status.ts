/** The Nightscout release whose API the portal answers like; uploaders check it. */
export const NIGHTSCOUT_VERSION = '15.0.2';
