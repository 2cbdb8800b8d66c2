// The FAQ page edited question by question. The page is stored as one
// HTML body whose questions are <details><summary>…</summary>…</details> blocks (faq-html.ts reads
// them back for the accordion); the editor shows the introduction and each question with its
// answer as fields, and this module puts what was typed back into that one body.
import type { FieldErrors } from "../../lib/form-fields.ts";

export interface FaqFormItem {
  question: string;
  /** HTML, cleaned with the rest of the page when it is saved */
  answer: string;
}

/** how many question fields a form may send (a few more than any shop's FAQ) */
export const FAQ_ITEMS_MAX = 200;
export const FAQ_QUESTION_MAX = 300;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The questions typed into the form (`question-N`, `answer-N`, `remove-N`), in order: a pair left
 * empty or ticked for removal is dropped; half a pair is an error at the empty field.
 */
export function readFaqItems(values: Readonly<Record<string, string>>): { items: FaqFormItem[]; errors: FieldErrors } {
  const items: FaqFormItem[] = [];
  const errors: FieldErrors = {};
  for (let i = 0; i < FAQ_ITEMS_MAX && (`question-${i}` in values || `answer-${i}` in values); i++) {
    const question = (values[`question-${i}`] ?? "").replace(/\s+/g, " ").trim();
    const answer = (values[`answer-${i}`] ?? "").trim();
    if (values[`remove-${i}`] === "on" || (!question && !answer)) continue;
    if (!question) errors[`question-${i}`] = "Напишите вопрос или сотрите ответ";
    else if (question.length > FAQ_QUESTION_MAX) errors[`question-${i}`] = `Вопрос длиннее ${FAQ_QUESTION_MAX} символов: сократите его`;
    if (!answer) errors[`answer-${i}`] = "Напишите ответ на вопрос";
    items.push({ question, answer });
  }
  return { items, errors };
}

/** The page body: the introduction, then one <details> block a question (its text escaped). */
export function faqBody(intro: string, items: readonly FaqFormItem[]): string {
  const blocks = items.map((q) => `<details>\n  <summary>${escapeText(q.question)}</summary>\n  ${q.answer}\n</details>`);
  return [intro.trim(), ...blocks].filter(Boolean).join("\n");
}

/** Every question row as typed (for a refused save's re-render: errors name rows by their place). */
export function typedFaqRows(values: Readonly<Record<string, string>>): FaqFormItem[] {
  const rows: FaqFormItem[] = [];
  for (let i = 0; i < FAQ_ITEMS_MAX && (`question-${i}` in values || `answer-${i}` in values); i++)
    rows.push({ question: values[`question-${i}`] ?? "", answer: values[`answer-${i}`] ?? "" });
  while (rows.length && !rows[rows.length - 1]!.question.trim() && !rows[rows.length - 1]!.answer.trim()) rows.pop();
  return rows;
}
