import { Button, Form, Space, Typography } from 'antd';
import { MSG_VARIABLES, renderMessage } from '@checkup/api-contract';

const names = Object.keys(MSG_VARIABLES);

/**
 * Under the template's form: the variables to insert with one click, and the text as an examinee
 * would read it, with sample values (the form's own rule names any unknown variable).
 */
export function MessagePreview() {
  const form = Form.useFormInstance();
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const insert = (name: string) => {
    // What is in the field now: the watched value may be a render behind the last keystroke.
    form.setFieldValue('content', `${(form.getFieldValue('content') as string | undefined) ?? ''}{${name}}`);
    void form.validateFields(['content']);
  };
  return (
    <>
      <Form.Item label="插入变量">
        <Space size={[4, 4]} wrap>
          {names.map((name) => (
            <Button key={name} size="small" onClick={() => insert(name)}>
              {`{${name}}`}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label="预览" extra="变量以示例值显示">
        <Typography.Paragraph aria-label="消息预览" style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
          {content.trim() ? renderMessage(content) : '填写消息内容后在此预览'}
        </Typography.Paragraph>
      </Form.Item>
    </>
  );
}
