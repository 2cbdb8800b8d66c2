// The rules every writer of a model's variants applies — the product form, the CSV, 1C and the
// seed (docs/decisions/108-product-variants.md, 1.2) — and which properties make variants in a
// section. Plain data in, refusals in Russian out, so each writer shows them its own way.

/** a model lists all its variants on its page; «Создать варианты» is bounded by it too */
export const MAX_VARIANTS = 100;

export interface VariantProperty {
  id: number;
  title: string;
}

export interface VariantRules {
  /** the choice properties of the model's section, in the choice groups' order */
  choices: readonly VariantProperty[];
  /** titles of the properties the variants or the model have values of */
  titles: ReadonlyMap<number, string>;
  /** properties with a model-level value (product_values) */
  modelProperties: ReadonlySet<number>;
  /** each variant's own values by property id (text; a number as its text) */
  variants: readonly ReadonlyMap<number, string>[];
}

export interface VariantRefusal {
  /** the variant's index in the list; null: the model as a whole */
  variant: number | null;
  /** the property the refusal is about, when it is about one */
  property: number | null;
  message: string;
}

/** Every rule a model's variants break (empty: they may be saved). */
export function checkModelVariants(rules: VariantRules): VariantRefusal[] {
  const out: VariantRefusal[] = [];
  if (rules.variants.length > MAX_VARIANTS)
    out.push({ variant: null, property: null, message: `У модели может быть не больше ${MAX_VARIANTS} вариантов: уберите лишние.` });
  if (rules.variants.length > 1)
    rules.variants.forEach((values, i) => {
      for (const choice of rules.choices)
        if (!values.get(choice.id)?.trim()) out.push({ variant: i, property: choice.id, message: `Укажите «${choice.title}» у этого варианта.` });
    });
  const seen = new Map<string, number>();
  rules.variants.forEach((values, i) => {
    if (!rules.choices.length || rules.choices.some((c) => !values.get(c.id)?.trim())) return;
    const combination = rules.choices.map((c) => values.get(c.id)!.trim()).join(", ");
    if (seen.has(combination)) out.push({ variant: i, property: null, message: `Сочетание «${combination}» уже есть у другого варианта.` });
    else seen.set(combination, i);
  });
  const onVariants = new Set(rules.variants.flatMap((values) => [...values.keys()]));
  for (const property of onVariants)
    if (rules.modelProperties.has(property))
      out.push({
        variant: null,
        property,
        message: `«${rules.titles.get(property) ?? "Свойство"}» задано у вариантов: уберите значение у модели, чтобы оно было одно.`,
      });
  return out;
}

/**
 * The choice properties of a section: its own, or else its nearest ancestor's that has any (as
 * section filters inherit, decision 079); none anywhere: the models there offer no choice.
 */
export function sectionVariantProperties<T extends { position: number }>(
  sectionId: number,
  parentOf: ReadonlyMap<number, number | null>,
  ownOf: ReadonlyMap<number, readonly T[]>,
): T[] {
  const visited = new Set<number>();
  for (let id: number | null | undefined = sectionId; id !== null && id !== undefined && !visited.has(id); id = parentOf.get(id)) {
    visited.add(id);
    const own = ownOf.get(id);
    if (own?.length) return [...own].sort((a, b) => a.position - b.position);
  }
  return [];
}
