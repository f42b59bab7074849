import { App, Button, Select, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  APP_ROUTES,
  AREAS,
  FUNCTION_INTRO_PDF_RULE,
  FUNCTION_INTRO_TYPE_LABELS,
  FUNCTION_INTRO_TYPES,
  functionIntroResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { useUploadFunctionIntro } from './api/upload-function-intro';

const TYPE_OPTIONS = FUNCTION_INTRO_TYPES.map((value) => ({ value, label: FUNCTION_INTRO_TYPE_LABELS[value] }));
const AREA_TITLES = new Map<string, string>(AREAS.map((a) => [a.area, a.title]));
/** Every screen of the route table (groups are not pages), named with its area. */
const SCREEN_OPTIONS = APP_ROUTES.filter((r) => !r.isGroup).map((r) => ({
  value: r.menuKey,
  label: `${AREA_TITLES.get(r.area)} / ${r.title}`,
}));
const MAX_MB = FUNCTION_INTRO_PDF_RULE.maxBytes / 1024 / 1024;

function UploadPdf({ id, replacing }: { id: number; replacing: boolean }) {
  const { message } = App.useApp();
  const upload = useUploadFunctionIntro();
  return (
    <Upload
      accept="application/pdf,.pdf"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutate(
          { id, file },
          {
            onSuccess: () => void message.success('PDF已上传'),
            onError: (error) => void message.error(error.message),
          },
        );
        return false;
      }}
    >
      <Button type="link" size="small" icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
        {replacing ? '重新上传' : '上传PDF'}
      </Button>
    </Upload>
  );
}

/**
 * 功能介绍 (cfg/system_function_introduction, breadth §7): one help document per screen — a PDF or plain
 * text — shown by the help icon in that screen's page header.
 */
export default function SystemFunctionIntroduction() {
  return (
    <ResourceScreen
      resource={functionIntroResource}
      title="功能介绍"
      filters={[
        { name: 'key', kind: 'search', label: '搜索', placeholder: '文档名称或页面' },
        { name: 'doc_type', kind: 'select', label: '文档类型', options: TYPE_OPTIONS },
      ]}
      columns={[
        { title: '文档名称', dataIndex: 'doc_name', width: 200 },
        {
          title: '所属页面',
          dataIndex: 'unique_key',
          width: 240,
          render: (key: string, row) => `${row.screen_title ?? '（已不存在的页面）'}（${key}）`,
        },
        {
          title: '文档类型',
          dataIndex: 'doc_type',
          width: 100,
          render: (type: keyof typeof FUNCTION_INTRO_TYPE_LABELS) => FUNCTION_INTRO_TYPE_LABELS[type],
        },
        {
          title: '文件',
          dataIndex: 'file_name',
          width: 200,
          render: (name: string | null, row) =>
            row.doc_type === 'pdf' ? (name ?? <Tag color="orange">未上传</Tag>) : '',
        },
      ]}
      fields={[
        { name: 'doc_name', label: '文档名称', placeholder: '例如 登记管理操作说明' },
        {
          name: 'unique_key',
          label: '所属页面',
          input: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={SCREEN_OPTIONS}
              aria-label="所属页面"
              placeholder="选择页面，帮助图标显示在该页面的页签栏"
            />
          ),
        },
        { name: 'doc_type', label: '文档类型', kind: 'select', options: TYPE_OPTIONS },
        {
          name: 'content',
          label: '说明内容',
          kind: 'textarea',
          extra: `文字说明按纯文本显示（换行保留，不支持HTML）；PDF文档保存后在列表中上传文件（不超过${MAX_MB}MB）`,
        },
      ]}
      blank={{ doc_type: 'text' }}
      rowActions={(row) => (row.doc_type === 'pdf' ? <UploadPdf id={row.id} replacing={row.file_id !== null} /> : null)}
    />
  );
}
