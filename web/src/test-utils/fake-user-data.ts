/**
 * What each account of the fake gateway owns: one bank per kind with twelve entries, and twelve
 * translated documents, all named after the account (`normal terms`, `admin-report-3.txt`), so
 * render tests can tell whose data a screen shows and check paging and keyword search.
 */
import type { BankItem, BankList, EntryItem, EntryList, MyFileItem, MyFilesData } from '@mtp/proto';

const COUNT = 12;
const CREATED = '2026-01-01T00:00:00Z';

/** A stable bank id per account and kind, so a URL's `bank` can name it. */
export function fakeBankId(who: string, flag: number): number {
  return (who.length * 100 + who.charCodeAt(0)) * 10 + flag;
}

function page<T>(items: T[], params: URLSearchParams): { list: T[]; total: number; page: number; page_size: number; pages: number } {
  const size = Number(params.get('page_size') ?? 10);
  const at = Number(params.get('page') ?? 1);
  return {
    list: items.slice((at - 1) * size, at * size),
    total: items.length,
    page: at,
    page_size: size,
    pages: Math.ceil(items.length / size),
  };
}

const matches = (params: URLSearchParams, ...texts: string[]) => {
  const keyword = params.get('keyword')?.toLowerCase();
  return !keyword || texts.some((t) => t.toLowerCase().includes(keyword));
};

export function fakeBankList(who: string, flag: number): BankList {
  const name = `${who} ${flag === 0 ? 'memory' : 'terms'}`;
  const bank: BankItem = {
    bank_id: fakeBankId(who, flag),
    name,
    bank_name: name,
    flag: flag as 0 | 1,
    system_or_individual: 1,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    tow_way: 0,
    domain: 'general',
    entry_count: COUNT,
    created_at: CREATED,
  };
  return { bank_list: [bank] };
}

export function fakeEntries(who: string, flag: number, params: URLSearchParams): EntryList | null {
  const bankId = Number(params.get('bank_id'));
  if (bankId !== fakeBankId(who, flag)) return null;
  const entries: EntryItem[] = Array.from({ length: COUNT }, (_, i) => ({
    entry_id: bankId * 100 + i,
    bank_id: bankId,
    bank_name: fakeBankList(who, flag).bank_list[0]!.name,
    source: `${who} term ${i + 1}`,
    translated: `${who} 术语 ${i + 1}`,
    note: '',
    extra: {},
    prev_source: null,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    tow_way: 0,
    created_at: CREATED,
    updated_at: CREATED,
  }));
  return page(
    entries.filter((e) => matches(params, e.source, e.translated)),
    params,
  );
}

export function fakeMyFiles(who: string, params: URLSearchParams): MyFilesData {
  const files: MyFileItem[] = Array.from({ length: COUNT }, (_, i) => ({
    projectId: `${who}-p${i + 1}`,
    task_id: `${who}-t${i + 1}`,
    file_name: `${who}-report-${i + 1}.txt`,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    mode: 0,
    status: 'done',
    message: '',
    chars: 100,
    created_at: CREATED,
    expires_at: '2999-01-01T00:00:00Z',
  }));
  const {
    list,
    total,
    page: at,
    page_size,
  } = page(
    files.filter((f) => matches(params, f.file_name)),
    params,
  );
  return { list, total, page: at, page_size };
}
