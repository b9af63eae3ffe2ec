/**
 * RSA-encrypts a credential (password) with the server's public key, PKCS#1 v1.5 padding,
 * base64 out: what the server decrypts with its private key. jsencrypt is loaded lazily
 * because plain Node ESM cannot import it; browsers, Vite and Vitest can.
 */
export async function encryptCredential(publicKeyPem: string, plain: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const encrypted = rsa.encrypt(plain);
  if (encrypted === false) throw new Error('RSA encryption failed (bad public key or text too long)');
  return encrypted;
}
