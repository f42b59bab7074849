import { idNumberCheckChar } from '@checkup/api-contract';

/** What the reader helper answers for one card, keyed as DEFAULT_CARD_READER_PARAM maps them. */
export interface SimCard {
  name: string;
  sex: string;
  id_num: string;
  nation: string;
  address: string;
  /** Base64 photo as the helper sends it (no data: prefix). */
  photo: string;
}

// A 1×1 grey PNG: enough for the web to show an <img>.
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==';

/** A valid 18-digit number (GB 11643 check character) for a birthday and sequence. */
export function simIdNumber(birthday: string, sequence: number): string {
  const first17 = `110105${birthday.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

export const SAMPLE_CARDS: readonly SimCard[] = [
  {
    name: '张三',
    sex: '男',
    id_num: simIdNumber('1990-01-01', 123),
    nation: '汉',
    address: '北京市朝阳区建国路1号',
    photo: PHOTO,
  },
  {
    name: '李四',
    sex: '女',
    id_num: simIdNumber('1985-06-15', 246),
    nation: '回',
    address: '北京市海淀区中关村大街27号',
    photo: PHOTO,
  },
];

/** A card to queue: the fields given, the rest from the first sample card. */
export function simCard(fields: Partial<Record<keyof SimCard, unknown>> = {}): SimCard {
  const base = SAMPLE_CARDS[0]!;
  const pick = (key: keyof SimCard) => (typeof fields[key] === 'string' ? (fields[key] as string) : base[key]);
  return {
    name: pick('name'),
    sex: pick('sex'),
    id_num: pick('id_num'),
    nation: pick('nation'),
    address: pick('address'),
    photo: pick('photo'),
  };
}
