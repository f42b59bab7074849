import { Select, Tag } from 'antd';
import {
  DICT_STYLE_LABELS,
  DICT_STYLES,
  PAY_FLAG_LABELS,
  PAY_FLAGS,
  dictDataResource,
  dictTypeResource,
} from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { useDictTypeOptions } from '../shared/dictionary/dict-type-options';

type Style = (typeof DICT_STYLES)[number];
/** The antd tag colour of each 样式. */
const TAG_COLORS: Record<Style, string | undefined> = {
  default: undefined,
  primary: 'blue',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
};
const flagOptions = PAY_FLAGS.map((value) => ({ value, label: PAY_FLAG_LABELS[value] }));
const styleOptions = DICT_STYLES.map((value) => ({ value, label: DICT_STYLE_LABELS[value] }));

/**
 * 数据字典 (exam_cfg/dictionary_cfg, breadth §6.12): the entries of each dictionary type — 标签 shown,
 * 键值 stored — chosen by type; 付款方式 entries carry their flags (现金/团检可用/个人可用/可退现金).
 */
export default function DictionaryCfg() {
  const typeOptions = useDictTypeOptions();
  return (
    <ResourceScreen
      resource={dictDataResource}
      title="数据字典"
      filters={[
        { name: 'type_id', kind: 'select', label: '字典类型', options: typeOptions },
        { name: 'key', kind: 'search', label: '搜索字典数据', placeholder: '标签或键值' },
      ]}
      columns={[
        { title: '字典类型', dataIndex: 'type_name', width: 110 },
        {
          title: '字典标签',
          dataIndex: 'label',
          width: 160,
          render: (label: string, row) => (row.style ? <Tag color={TAG_COLORS[row.style]}>{label}</Tag> : label),
        },
        { title: '字典键值', dataIndex: 'value', width: 110 },
        { title: '排序', dataIndex: 'sort', width: 70 },
        {
          title: '付款标记',
          dataIndex: 'flags',
          width: 220,
          render: (flags: (typeof PAY_FLAGS)[number][]) => flags.map((f) => PAY_FLAG_LABELS[f]).join('、'),
        },
        { title: '退款上限', dataIndex: 'refund_limit', width: 100, render: (v: string | null) => v ?? '' },
        { title: '备注', dataIndex: 'remark', width: 160 },
      ]}
      fields={[
        {
          name: 'type_id',
          label: '字典类型',
          input: (
            <ResourceSelect
              resource={dictTypeResource}
              labelOf={(t) => `${t.type_name}（${t.type_code}）`}
              aria-label="字典类型"
            />
          ),
        },
        { name: 'label', label: '字典标签', placeholder: '例如 汉族' },
        { name: 'value', label: '字典键值', placeholder: '例如 01', extra: '保存到业务数据中的值' },
        { name: 'sort', label: '排序', kind: 'number' },
        { name: 'style', label: '样式', kind: 'select', options: styleOptions },
        {
          name: 'flags',
          label: '付款标记',
          extra: '仅付款方式使用：现金、团检可用、个人可用、可退现金',
          input: (
            <Select mode="multiple" allowClear aria-label="付款标记" options={flagOptions} style={{ maxWidth: 420 }} />
          ),
        },
        {
          name: 'refund_limit',
          label: '退款上限（元）',
          extra: '仅付款方式使用：单笔退款超过此金额须更换退款方式；留空不限',
        },
        { name: 'remark', label: '备注' },
      ]}
      // A new entry starts in the type the list shows.
      blank={(filter) => ({ sort: 0, flags: [], ...(filter.type_id ? { type_id: Number(filter.type_id) } : {}) })}
    />
  );
}
