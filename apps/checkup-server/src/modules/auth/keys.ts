import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';

export interface PasswordKeys {
  publicKeyPem: string;
  /** Decrypts what jsencrypt made: RSA PKCS#1 v1.5, base64. Returns null when it cannot. */
  decrypt(base64: string): string | null;
}

/**
 * Loads the RSA key pair used for password transport, generating it on first start into a
 * git-ignored folder (DEVELOPERS.md: no secrets in the repo).
 */
export async function loadPasswordKeys(keysDir: string): Promise<PasswordKeys> {
  const privatePath = path.join(keysDir, 'login-rsa-private.pem');
  const publicPath = path.join(keysDir, 'login-rsa-public.pem');
  let privatePem: string;
  let publicPem: string;
  try {
    [privatePem, publicPem] = await Promise.all([readFile(privatePath, 'utf8'), readFile(publicPath, 'utf8')]);
  } catch {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    privatePem = pair.privateKey;
    publicPem = pair.publicKey;
    await mkdir(keysDir, { recursive: true, mode: 0o700 });
    await writeFile(privatePath, privatePem, { mode: 0o600 });
    await writeFile(publicPath, publicPem, { mode: 0o644 });
  }
  // Node 20 refuses PKCS#1 v1.5 padding in privateDecrypt (CVE-2023-46809), so node-forge decrypts.
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  return {
    publicKeyPem: publicPem,
    decrypt(base64: string) {
      try {
        const bytes = forge.util.decode64(base64);
        return forge.util.decodeUtf8(privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
      } catch {
        return null;
      }
    },
  };
}
