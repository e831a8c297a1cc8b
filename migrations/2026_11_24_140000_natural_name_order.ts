import { type Kysely, sql } from "kysely";

// Lists sorted by a name put Case2 before Case10, as the browser's lists do (Intl.Collator with
// numeric ordering). ICU's `kn` option compares digit runs as numbers. It lives in `public`, not in
// `read`, so that rebuilding the read models into a fresh schema keeps it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create collation if not exists public.name_order (provider = icu, locale = 'und-u-kn-true')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop collation if exists public.name_order`.execute(db);
}
