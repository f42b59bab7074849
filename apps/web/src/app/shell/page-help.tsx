import { Button, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { FunctionHelp } from '@checkup/api-contract';
import { FunctionHelpIcon } from '@checkup/ui';
import { getFunctionHelp, getFunctionHelpFile } from '../api/get-function-help';

export const NO_HELP = '暂无功能说明';

/**
 * Opens a help PDF in a new tab. The tab is opened at the click, before the file arrives, so that a
 * browser does not block it as a pop-up; it closes again when the file cannot be had.
 */
async function openPdf(fileId: number, fail: (text: string) => void) {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await getFunctionHelpFile(fileId));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    fail((err as Error).message);
  }
}

/** A help document as the popover shows it: text as text (never as HTML), a PDF behind a button. */
function HelpContent({ help, fail }: { help: FunctionHelp | null; fail: (text: string) => void }) {
  if (!help || (help.doc_type === 'pdf' && help.file_id === null) || (help.doc_type === 'text' && !help.content))
    return <Typography.Text type="secondary">{NO_HELP}</Typography.Text>;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {help.doc_name}
      </Typography.Title>
      {help.doc_type === 'pdf' ? (
        <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => void openPdf(help.file_id!, fail)}>
          打开PDF说明
        </Button>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{help.content}</Typography.Paragraph>
      )}
    </>
  );
}

/** The page header's help (spec §5): the FunctionHelpIcon with the screen's menu key as unique_key. */
export function PageHelp({ uniqueKey, fail }: { uniqueKey: string; fail: (text: string) => void }) {
  return (
    <FunctionHelpIcon
      uniqueKey={uniqueKey}
      loadHelp={async (key) => <HelpContent help={await getFunctionHelp(key)} fail={fail} />}
    />
  );
}
