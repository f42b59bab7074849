import { useState } from 'react';
import { App, Button, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SIGNATURE_RULE, signatureImageUrl } from '@checkup/api-contract';
import { uploadSignature } from '../api/account-calls';

export interface SignatureInputProps {
  /** The stored file of the signature image, as the form holds it. */
  value?: number | null;
  onChange?(value: number | null): void;
}

/** The signature image printed on reports: uploaded at once, shown, kept with the account when saved. */
export function SignatureInput({ value, onChange }: SignatureInputProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const { file_id } = await uploadSignature(file);
      onChange?.(file_id);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space orientation="vertical">
      {value ? (
        <img
          src={signatureImageUrl(value)}
          alt="签名图片预览"
          style={{ maxWidth: 240, maxHeight: 80, border: '1px solid #d9d9d9', padding: 4 }}
        />
      ) : null}
      <Space>
        <Upload
          accept={SIGNATURE_RULE.types.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
            {value ? '更换签名图片' : '上传签名图片'}
          </Button>
        </Upload>
        {value ? (
          <Button type="link" danger onClick={() => onChange?.(null)}>
            清除
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
