import { DEFAULT_CARD_READER_PARAM } from '@checkup/api-contract';
import { describe, expect, it } from 'vitest';
import { parseCardReaderParam, readerBaseUrl } from './card-reader-param.js';

const cfg = DEFAULT_CARD_READER_PARAM.cardReaderCfg;
const withOptions = (exe: { checked: boolean; value: string }, local: { checked: boolean; value: string }) => ({
  cardReaderCfg: { ...cfg, exe, local },
});

describe('parameter 0110', () => {
  it('is read from param_value as an object, as JSON text, or from the whole record', () => {
    expect(parseCardReaderParam(DEFAULT_CARD_READER_PARAM)).toEqual(DEFAULT_CARD_READER_PARAM);
    expect(parseCardReaderParam(JSON.stringify(DEFAULT_CARD_READER_PARAM))).toEqual(DEFAULT_CARD_READER_PARAM);
    const record = { param_code: '0110', param_value: JSON.stringify(DEFAULT_CARD_READER_PARAM) };
    expect(parseCardReaderParam(record)).toEqual(DEFAULT_CARD_READER_PARAM);
  });

  it('is missing when empty, not JSON, or without a chosen read method', () => {
    expect(parseCardReaderParam(undefined)).toBeNull();
    expect(parseCardReaderParam('{oops')).toBeNull();
    expect(
      parseCardReaderParam(withOptions({ checked: false, value: 'http://a/' }, { checked: false, value: '' })),
    ).toBeNull();
    expect(parseCardReaderParam(withOptions({ checked: true, value: '' }, { checked: false, value: '' }))).toBeNull();
  });

  it('takes the exe address when checked, else the local one, always ending with a slash', () => {
    expect(readerBaseUrl(DEFAULT_CARD_READER_PARAM)).toBe('http://127.0.0.1:8989/');
    const local = withOptions(
      { checked: false, value: 'http://x/' },
      { checked: true, value: ' http://127.0.0.1:9000 ' },
    );
    expect(readerBaseUrl(local)).toBe('http://127.0.0.1:9000/');
  });
});
