import { z } from 'zod';

/**
 * Parameter 0110 (spec §3 card-reader configuration): how the registration PC reaches its ID-card
 * reader — through the vendor's helper exe at a base address, or a local reader service — and which
 * keys of the reader's answer hold each field. libs/devices reads it; the web caches it as
 * parameter_0110.
 */
export const cardReaderParamSchema = z.object({
  cardReaderCfg: z.object({
    exe: z.object({ checked: z.boolean(), value: z.string() }),
    local: z.object({ checked: z.boolean(), value: z.string() }),
    keys: z.object({
      name: z.string(),
      gender: z.string(),
      code: z.string(),
      photo: z.string(),
      folk: z.string(),
      address: z.string(),
    }),
  }),
});
export type CardReaderParam = z.infer<typeof cardReaderParamSchema>;

/** The reader helper on the registration PC itself (tools/device-sim answers here too). */
export const DEFAULT_CARD_READER_PARAM: CardReaderParam = {
  cardReaderCfg: {
    exe: { checked: true, value: 'http://127.0.0.1:8989/' },
    local: { checked: false, value: 'http://127.0.0.1:8989/' },
    keys: { name: 'name', gender: 'sex', code: 'id_num', photo: 'photo', folk: 'nation', address: 'address' },
  },
};

/**
 * 0110 as one workstation uses it: its own reader address (打印配置's 读卡地址) replaces the one 0110
 * enables, the exe or the local one; the field names stay 0110's.
 */
export function withReaderAddress(param: CardReaderParam, address: string | undefined): CardReaderParam {
  if (!address) return param;
  const cfg = param.cardReaderCfg;
  const enabled = cfg.local.checked && !cfg.exe.checked ? 'local' : 'exe';
  return { cardReaderCfg: { ...cfg, [enabled]: { checked: true, value: address } } };
}
