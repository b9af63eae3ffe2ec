import type { MessageKey } from './i18n/messages';

/**
 * A business outcome other than success: a body code and a translatable message. Its own
 * floor below http.ts, so services that refuse (imports, Nightscout) need not import the
 * HTTP layer that imports them.
 */
export class Problem extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}
