import { categories, type Category } from '@building/events/streams';

/** The names auditors type (the Kafka topics' plural names) and the stream categories they stand for. */
export const auditCategoryNames = categories.map((c) => `${c}s`) as Array<`${Category}s`>;
export type AuditCategoryName = (typeof auditCategoryNames)[number];

/** `agreements` -> `agreement`; `all` -> every category. Throws on an unknown name. */
export function toCategories(names: readonly string[]): Category[] {
  const chosen = new Set<Category>();
  for (const name of names) {
    if (name === 'all') categories.forEach((c) => chosen.add(c));
    else {
      const category = categories.find((c) => `${c}s` === name);
      if (!category)
        throw new Error(`unknown category '${name}' (use ${auditCategoryNames.join(', ')} or all)`);
      chosen.add(category);
    }
  }
  return categories.filter((c) => chosen.has(c));
}
