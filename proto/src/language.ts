/**
 * Translation memories and termbases (spec section 7, "TM and termbase"). ARCHITECTURE.md
 * conventions: `flag` 0 = translation memory, 1 = termbase; `system_or_individual` 0 = system,
 * 1 = individual; `tow_way` 0 = one-way, 1 = two-way. Names and entry texts are plain strings
 * here so the service answers the spec's own messages for empty or too-long values.
 */
import { Type, type Static } from 'typebox';
import { LanguageCode } from './translation';

export const BankFlag = Type.Integer({ minimum: 0, maximum: 1 });
export const SystemOrIndividual = Type.Integer({ minimum: 0, maximum: 1 });
export const TowWay = Type.Integer({ minimum: 0, maximum: 1 });
const Id = Type.Integer({ minimum: 1 });
/** Generous caps against abuse; the spec's limits are checked by the service with its messages. */
const Text = Type.String({ maxLength: 10_000 });

export const BankItem = Type.Object({
  bank_id: Type.Integer(),
  /** The name; `bank_name` carries the same value for the public API's lists. */
  name: Type.String(),
  bank_name: Type.String(),
  flag: BankFlag,
  system_or_individual: SystemOrIndividual,
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  tow_way: TowWay,
  domain: Type.String(),
  entry_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  /** 1: a public system termbase, read by visitors through `public_term/get_public_term_list`. */
  is_public: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type BankItem = Static<typeof BankItem>;

/** `GET tm_term_library/get_list/{flag}`: the caller's own banks and the system banks. */
export const BankListParams = Type.Object({ flag: BankFlag });
export const BankListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  system_or_individual: Type.Optional(SystemOrIndividual),
  /** 1: only public termbases, 0: only the others. */
  is_public: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type BankListQuery = Static<typeof BankListQuery>;
/**
 * What the caller's plan allows their own (individual) banks of the listed kind, so the screen
 * shows what is left before a 42005 refuses. Only `get_list` answers it.
 */
export const BankLimits = Type.Object({ entries_per_bank: Type.Integer(), banks: Type.Integer() });
export type BankLimits = Static<typeof BankLimits>;
export const BankList = Type.Object({ bank_list: Type.Array(BankItem), limits: Type.Optional(BankLimits) });
export type BankList = Static<typeof BankList>;

/** `POST tm_term_library/create`; system banks (0) are for administrators and managers. */
export const CreateBankBody = Type.Object({
  flag: BankFlag,
  name: Type.String({ maxLength: 1000 }),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  tow_way: Type.Optional(TowWay),
  domain: Type.Optional(Type.String({ maxLength: 50 })),
  system_or_individual: Type.Optional(SystemOrIndividual),
  /** 1 makes a public termbase: only a system termbase (flag 1, system 0) may be public. */
  is_public: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type CreateBankBody = Static<typeof CreateBankBody>;

export const RenameBankBody = Type.Object({ flag: BankFlag, bank_id: Id, name: Type.String({ maxLength: 1000 }) });
export type RenameBankBody = Static<typeof RenameBankBody>;

export const DeleteBankParams = Type.Object({ flag: BankFlag, bankId: Id });
export type DeleteBankParams = Static<typeof DeleteBankParams>;

export const EntryItem = Type.Object({
  entry_id: Type.Integer(),
  bank_id: Type.Integer(),
  bank_name: Type.String(),
  source: Type.String(),
  translated: Type.String(),
  note: Type.String(),
  extra: Type.Record(Type.String(), Type.Unknown()),
  prev_source: Type.Union([Type.String(), Type.Null()]),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  tow_way: TowWay,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type EntryItem = Static<typeof EntryItem>;

/** `GET tm_term/get_es_list/{flag}/{systemOrIndividual}`: one page of entries, newest first. */
export const EntryListParams = Type.Object({ flag: BankFlag, systemOrIndividual: SystemOrIndividual });
export const EntryListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  src_lang: Type.Optional(Type.Union([LanguageCode, Type.Literal('')])),
  tgt_lang: Type.Optional(Type.Union([LanguageCode, Type.Literal('')])),
  /** Matches the source or the translation, case-insensitively. */
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  bank_id: Type.Optional(Id),
});
export type EntryListQuery = Static<typeof EntryListQuery>;
export const EntryList = Type.Object({
  list: Type.Array(EntryItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type EntryList = Static<typeof EntryList>;

/**
 * `GET tm_term_library/get_all_list/{flag}` (staff): every user's individual banks with their
 * owner, administrators all of them, managers their own site's.
 */
export const AllBankListQuery = Type.Object({
  /** Matches the bank name, the owner's account or username. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type AllBankListQuery = Static<typeof AllBankListQuery>;
export const OwnedBankItem = Type.Object({
  ...BankItem.properties,
  user_id: Type.Integer(),
  account: Type.String(),
  username: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type OwnedBankItem = Static<typeof OwnedBankItem>;
export const AllBankList = Type.Object({
  list: Type.Array(OwnedBankItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AllBankList = Static<typeof AllBankList>;

/** `GET public_term/get_public_term_list` (no token needed): entries of the public termbases. */
export const PublicTermListQuery = EntryListQuery;
export type PublicTermListQuery = EntryListQuery;

const EntryFields = {
  flag: BankFlag,
  system_or_individual: SystemOrIndividual,
  bank_id: Id,
  /** Accepted for the client's sake; a bank's direction is the bank's own `tow_way`. */
  tow_way: Type.Optional(TowWay),
  source: Text,
  translated: Text,
  note: Type.Optional(Text),
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  prev_source: Type.Optional(Type.Union([Text, Type.Null()])),
  /** Default: the bank's pair (a two-way bank also takes the reverse pair). */
  src_lang: Type.Optional(LanguageCode),
  tgt_lang: Type.Optional(LanguageCode),
};

/** `POST tm_term/es_insert`. */
export const InsertEntryBody = Type.Object(EntryFields);
export type InsertEntryBody = Static<typeof InsertEntryBody>;
/** `POST tm_term/es_update`: the entry's fields replace the stored ones. */
export const UpdateEntryBody = Type.Object({ ...EntryFields, entry_id: Id });
export type UpdateEntryBody = Static<typeof UpdateEntryBody>;

const BankRef = { flag: BankFlag, system_or_individual: SystemOrIndividual, bank_id: Id };
/** `DELETE tm_term/es_delete`: one entry. */
export const DeleteEntryBody = Type.Object({ ...BankRef, entry_id: Id });
export type DeleteEntryBody = Static<typeof DeleteEntryBody>;
/** `DELETE tm_term/es_delete_data_by_choice`: the chosen entries of one bank. */
export const DeleteChoiceBody = Type.Object({ ...BankRef, choices: Type.Array(Id, { minItems: 1, maxItems: 1000 }) });
export type DeleteChoiceBody = Static<typeof DeleteChoiceBody>;
/** `DELETE tm_term/es_delete_all`: every entry of one bank. */
export const DeleteAllBody = Type.Object(BankRef);
export type DeleteAllBody = Static<typeof DeleteAllBody>;
export const DeletedData = Type.Object({ deleted: Type.Integer() });
export type DeletedData = Static<typeof DeletedData>;

/** `GET check/term_language?language_pair=src_tgt`: both languages known and different. */
export const TermLanguageQuery = Type.Object({ language_pair: Type.String({ maxLength: 50 }) });
export type TermLanguageQuery = Static<typeof TermLanguageQuery>;
export const TermLanguageData = Type.Object({
  valid: Type.Boolean(),
  src_lang: Type.Union([LanguageCode, Type.Null()]),
  tgt_lang: Type.Union([LanguageCode, Type.Null()]),
});
export type TermLanguageData = Static<typeof TermLanguageData>;

/** `POST tm/es_save_file`, `POST term/upload_term_file` (multipart forms): how many entries came in. */
export const ImportResult = Type.Object({ imported: Type.Integer() });
export type ImportResult = Static<typeof ImportResult>;
/** `GET tm_term/es_export_all/{systemOrIndividual}/{flag}?bank_id=&format=`: the whole bank as a file. */
export const ExportAllParams = Type.Object({ systemOrIndividual: SystemOrIndividual, flag: BankFlag });
export type ExportAllParams = Static<typeof ExportAllParams>;
export const ExportAllQuery = Type.Object({ bank_id: Id, format: Type.Optional(Type.String({ maxLength: 10 })) });
export type ExportAllQuery = Static<typeof ExportAllQuery>;
/** `POST tm_term/es_export_choice`: the chosen entries of one bank as a file. */
export const ExportChoiceBody = Type.Object({
  ...BankRef,
  choices: Type.Array(Id, { minItems: 1, maxItems: 100_000 }),
  format: Type.Optional(Type.String({ maxLength: 10 })),
});
export type ExportChoiceBody = Static<typeof ExportChoiceBody>;
