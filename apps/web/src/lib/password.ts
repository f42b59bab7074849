import { ENCRYPTED_PASSWORD_MIN_LENGTH } from '@checkup/api-contract';

/**
 * Encrypts a password with the server's RSA public key (PKCS#1 v1.5, base64).
 * Spec §5: a value longer than 80 characters is already encrypted and is sent as it is.
 * jsencrypt is loaded when a password is first sent, not with the login page (bench:web).
 */
export async function encryptPassword(password: string, publicKeyPem: string): Promise<string> {
  if (password.length > ENCRYPTED_PASSWORD_MIN_LENGTH) return password;
  const { default: JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const encrypted = rsa.encrypt(password);
  if (encrypted === false) throw new Error('密码加密失败，请刷新页面后重试');
  return encrypted;
}

/** The server's password policy in words (modules/auth/password-policy.ts), shown where one is chosen. */
export const PASSWORD_POLICY_HINT =
  '至少8位，包含大写字母、小写字母、数字和符号中的至少三种，不能包含账号，不能与最近5次使用过的密码相同';

/** An antd form rule: the repeated password must match the one typed in `field`. */
export const sameAs =
  (field: string) =>
  ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  });
