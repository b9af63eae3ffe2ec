import { MAX_IMPORT_BYTES, ResponseCode } from '@cgm-portal/api-client/contract';
import { Problem } from '../problem';
import { hasUnsafeText } from '../text-safety';

/**
 * The file of an upload call (previewImportFile, commitImportFile): the raw request body,
 * decoded piece by piece as it arrives. Nothing wraps it, so the server holds the file once, as
 * text, never as JSON plus a parsed copy. Refused as soon as it passes MAX_IMPORT_BYTES, holds a
 * character the JSON calls refuse too (text-safety.ts), or breaks off before its end.
 */
export async function readUploadText(body: ReadableStream<Uint8Array> | null, maxBytes = MAX_IMPORT_BYTES): Promise<string> {
  if (!body) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'file' });
  // Not fatal: a stray byte reads as U+FFFD, as it does in the JSON calls' body.
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        // The client went away mid-file: what arrived is not the file.
        throw new Problem(ResponseCode.invalidPayload, 'malformedBody');
      }
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) throw new Problem(ResponseCode.payloadTooLarge, 'payloadTooLarge');
      const part = decoder.decode(chunk.value, { stream: true });
      // Characters are whole in each part (the decoder keeps a split one for the next), so checking parts checks the file.
      if (hasUnsafeText(part)) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'file' });
      parts.push(part);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  parts.push(decoder.decode());
  const text = parts.join('');
  if (text.length === 0) throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'file' });
  return text;
}
