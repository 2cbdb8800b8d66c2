import type { FormControlProps } from "../../../ui/FormGroup.tsx";

export interface ParentOption {
  id: number;
  title: string;
  depth: number;
}

/** The parent of a section: the top level or any section offered, indented by depth. */
export function SectionParentSelect({ control, options, value }: { control: FormControlProps; options: ParentOption[]; value: string }) {
  return (
    <select {...control} name="parentId" defaultValue={value}>
      <option value="">— верхний уровень —</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {`${"\u00a0\u00a0".repeat(o.depth)}${o.title}`}
        </option>
      ))}
    </select>
  );
}
