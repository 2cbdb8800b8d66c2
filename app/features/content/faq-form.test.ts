import { describe, expect, it } from "vitest";
import { faqBody, readFaqItems } from "./faq-form.ts";
import { splitDetails } from "./faq-html.ts";
import type { RichHtml } from "../../lib/rich-text.ts";

describe("readFaqItems", () => {
  it("keeps the typed questions in order, drops empty and removed ones", () => {
    const { items, errors } = readFaqItems({
      "question-0": "Сборка  бесплатная?",
      "answer-0": "<p>Да.</p>",
      "question-1": "Старый вопрос",
      "answer-1": "<p>Нет.</p>",
      "remove-1": "on",
      "question-2": "",
      "answer-2": " ",
      "question-3": "Возврат?",
      "answer-3": "<p>14 дней.</p>",
    });
    expect(errors).toEqual({});
    expect(items).toEqual([
      { question: "Сборка бесплатная?", answer: "<p>Да.</p>" },
      { question: "Возврат?", answer: "<p>14 дней.</p>" },
    ]);
  });

  it("answers half a pair at the empty field", () => {
    const { errors } = readFaqItems({ "question-0": "Вопрос без ответа", "answer-0": "", "question-1": "", "answer-1": "<p>Ответ без вопроса</p>" });
    expect(errors).toEqual({ "answer-0": "Напишите ответ на вопрос", "question-1": "Напишите вопрос или сотрите ответ" });
  });
});

describe("faqBody", () => {
  it("writes blocks the storefront's accordion reads back as the same questions", () => {
    const body = faqBody("<p>Вступление</p>", [
      { question: "Диван < 2 м пройдёт в лифт?", answer: "<p>Обычно да.</p>" },
      { question: "Сборка?", answer: "<p>Бесплатно.</p>" },
    ]);
    const { intro, items } = splitDetails(body as RichHtml);
    expect(intro).toBe("<p>Вступление</p>");
    expect(items).toEqual([
      { question: "Диван < 2 м пройдёт в лифт?", answer: "<p>Обычно да.</p>" },
      { question: "Сборка?", answer: "<p>Бесплатно.</p>" },
    ]);
  });
});
