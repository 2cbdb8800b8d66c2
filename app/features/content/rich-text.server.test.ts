import { describe, expect, it } from "vitest";
import { cleanRichText } from "./rich-text.server.ts";

const WRAP = '<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица">';

describe("cleanRichText: tables", () => {
  it("wraps every table in a scroll container", () => {
    const out = cleanRichText("<p>a</p><table><tr><td>1</td></tr></table><TABLE class=x><tr><td>2</td></tr></TABLE>");
    expect(out.match(/<div class="table-scroll"/g)).toHaveLength(2);
    expect(out).toContain(`${WRAP}<table><tr><td>1</td></tr></table></div>`);
    // the class is not on the allow-list
    expect(out).toContain(`${WRAP}<table><tr><td>2</td></tr></table></div>`);
  });
  it("wraps a table once, not the tables nested inside it", () => {
    const out = cleanRichText("<table><tr><td><table><tr><td>внутри</td></tr></table></td></tr></table>");
    expect(out.match(/table-scroll/g)).toHaveLength(1);
    expect(out.startsWith(WRAP)).toBe(true);
  });
  it("keeps what content pages use, characters as they are", () => {
    const html = `<h2>«Витрина» в цифрах</h2>
<ul class="counters"><li><span data-counter="185000">185&nbsp;000</span> покупателей</li></ul>
<p>Телефон: <a href="tel:+74951234567">+7 (495) 123-45-67</a>, почта <a href="mailto:hello@vitrina.example">hello@vitrina.example</a>, <a href="/delivery/">«Доставка»</a>, <a href="https://example.ru/a?b=1&amp;c=2">сайт</a>.</p>
<table><caption>Тарифы</caption><thead><tr><th scope="col">Этаж</th></tr></thead><tbody><tr><td colspan="2"><strong>990</strong> ₽</td></tr></tbody></table>
<details open><summary>Вопрос</summary><p>Ответ</p></details>
<p><img src="/media/news/salon-960.webp" alt="Салон" width="960" height="540"></p>`;
    const out = cleanRichText(html);
    expect(out).toContain("<h2>«Витрина» в цифрах</h2>");
    expect(out).toContain('<ul class="counters"><li><span data-counter="185000">185&nbsp;000</span> покупателей</li></ul>');
    expect(out).toContain('<a href="tel:+74951234567">');
    expect(out).toContain('<a href="mailto:hello@vitrina.example">');
    expect(out).toContain('<a href="/delivery/">«Доставка»</a>');
    expect(out).toContain('<a href="https://example.ru/a?b=1&amp;c=2">');
    expect(out).toContain('<caption>Тарифы</caption><thead><tr><th scope="col">Этаж</th></tr></thead>');
    expect(out).toContain('<td colspan="2"><strong>990</strong> ₽</td>');
    expect(out).toContain("<details open><summary>Вопрос</summary><p>Ответ</p></details>");
    expect(out).toContain('<img src="/media/news/salon-960.webp" alt="Салон" width="960" height="540" loading="lazy" decoding="async">');
  });
  it("turns a stray <h1> into <h2>: the page has its own", () => {
    expect(cleanRichText("<h1>Заголовок</h1>")).toBe("<h2>Заголовок</h2>");
  });
});

describe("cleanRichText: hostile HTML", () => {
  const clean = (html: string) => cleanRichText(html);
  const noScript = (out: string) => {
    expect(out).not.toMatch(/<script|<style|<iframe|<svg|<object|<embed|<math|<template/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(out).not.toMatch(/style=/i);
  };

  it("drops <script> and <style> with their content", () => {
    const out = clean("<p>до</p><script>alert(1)</script><style>body{display:none}</style><p>после</p>");
    expect(out).toBe("<p>до</p><p>после</p>");
  });
  it("drops event handlers: <img onerror>, <p onclick>, <details ontoggle>", () => {
    const out = clean(
      '<img src="/media/a.webp" onerror="alert(1)"><p onclick="alert(2)" onmouseover=alert(3)>текст</p><details open ontoggle=alert(4)><summary>в</summary></details>',
    );
    noScript(out);
    expect(out).toContain("<p>текст</p>");
    expect(out).toContain('<img src="/media/a.webp" loading="lazy" decoding="async">');
  });
  it("drops a picture from anywhere but our /media/ (a same-site GET such as /logout/ included)", () => {
    for (const src of [
      "x",
      "https://evil.example/p.gif",
      "//evil.example/p.gif",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "javascript:alert(1)",
      "/media/../profile/file/1/",
      "/media/%2e%2e/logout/",
      "/logout/",
      "/media/a.webp?x=1",
    ]) {
      const out = clean(`<p>a<img src="${src}" onerror="alert(1)">b</p>`);
      expect(out, src).toBe("<p>ab</p>");
    }
  });
  it("drops javascript:, vbscript: and data: links, however they are spelled", () => {
    const hrefs = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java&#x0A;script:alert(1)",
      "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
      "&#x6A;avascript&colon;alert(1)",
      "jav&#x61;script:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "//evil.example/",
    ];
    for (const href of hrefs) {
      const out = clean(`<a href="${href}">ссылка</a>`);
      expect(out, href).toBe("<a>ссылка</a>");
    }
  });
  it("drops <svg onload>, <iframe>, <object>, <embed>, <form>, <math>, <base>, <meta>", () => {
    const out = clean(
      '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>svg</text></a></svg>' +
        '<iframe src="javascript:alert(4)">iframe</iframe><object data="x.swf">object</object><embed src="x.swf">' +
        '<form action="https://evil.example/"><input name="password"><button formaction="javascript:alert(5)">Войти</button></form>' +
        '<math><mtext><a href="javascript:alert(6)">m</a></mtext></math><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(7)"><p>текст</p>',
    );
    noScript(out);
    expect(out).not.toMatch(/<form|<input|<button|<base|<meta|<a /i);
    expect(out).toContain("<p>текст</p>");
  });
  it("drops style attributes, expression() included", () => {
    const out = clean('<p style="width: expression(alert(1)); background: url(javascript:alert(2))">абзац</p><p style="position:fixed;inset:0">перекрытие</p>');
    expect(out).toBe("<p>абзац</p><p>перекрытие</p>");
  });
  it("drops classes and ids that would dress content as site chrome or clobber the page's ids", () => {
    expect(clean('<p class="visually-hidden" id="callback">текст</p><ul class="counters evil">')).toBe('<p>текст</p><ul class="counters"></ul>');
  });
  it("survives malformed and nested markup without letting markup through", () => {
    const cases = [
      '<p title="</p><script>alert(1)</script>">текст</p>',
      "<<script>script>alert(1)<</script>/script>",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      "<scr<script>ipt>alert(1)</scr</script>ipt>",
      '<a href="javascript:alert(1)"<p>незакрытая</a>',
      '<img src="/media/a.webp"/onerror=alert(1)>',
      '<table><tr><td><style>*{}</style><iframe srcdoc="<script>alert(1)</script>"></iframe></td></tr></table>',
      "<!--<img src=x onerror=alert(1)>--><p>комментарий</p>",
      "<![CDATA[<script>alert(1)</script>]]>",
      "<textarea><img src=x onerror=alert(1)></textarea><select><option><script>alert(1)</script></option></select>",
    ];
    for (const html of cases) {
      const out = clean(html);
      noScript(out);
      // whatever text survived is text: re-parsing it finds no element but the allowed ones
      expect(out, html).not.toMatch(/<(?!\/?(p|a|img|table|tbody|tr|td|div)\b)[a-z]/i);
    }
  });
  it("escapes text that looks like markup instead of passing it through", () => {
    expect(clean("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 &lt;script&gt;</p>")).toBe("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 &lt;script&gt;</p>");
  });
});
