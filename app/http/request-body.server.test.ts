// The import page's form reader (decision 104): a form as browsers and fetch send it reads the same
// as through Response.formData(), the file's bytes are the body's own (no copy), and a body that is
// not a form, or a cut one, is refused as formData() refuses it.
import { describe, expect, it } from "vitest";
import { UploadError } from "../lib/upload-error.ts";
import { parseFormParts, readLimitedBody } from "./request-body.server.ts";

/** a form as fetch serialises it: the body and its content type */
async function serialised(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const request = new Request("http://vitrina.test/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}

describe("parseFormParts", () => {
  it("reads fields and a file as Response.formData() does, the file's bytes a view of the body", async () => {
    // bytes that look like the form's own syntax: CRLFs, dashes, a header-like line
    const file = new TextEncoder().encode('slug;title\r\n--\r\n\r\nContent-Disposition: form-data; name="x"\r\nstol;Стол «Осло»\r\n');
    const form = new FormData();
    form.set("intent", "upload");
    form.set("note", 'строка\r\nвторая «в кавычках» "и" так');
    form.set("file", new Blob([file], { type: "text/csv" }), 'Прайс "весна".csv');
    const { body, type } = await serialised(form);
    const expected = await new Response(body.slice(), { headers: { "content-type": type } }).formData();

    const parts = parseFormParts(body, type);
    expect(parts.fields.get("intent")).toBe(expected.get("intent"));
    expect(parts.fields.get("note")).toBe(expected.get("note"));
    const read = parts.files.get("file")!;
    const want = expected.get("file") as File;
    expect(read.fileName).toBe(want.name);
    expect(read.type).toBe("text/csv");
    expect(read.bytes).toEqual(new Uint8Array(await want.arrayBuffer()));
    expect(read.bytes.buffer).toBe(body.buffer);
  });

  it("keeps the first value of a name, and a file input left empty as a browser sends it as a file of no bytes", () => {
    // what a browser sends for a form with no file chosen
    const raw =
      "--b0undary\r\n" +
      'Content-Disposition: form-data; name="intent"\r\n\r\nupload\r\n' +
      "--b0undary\r\n" +
      'Content-Disposition: form-data; name="intent"\r\n\r\napply\r\n' +
      "--b0undary\r\n" +
      'Content-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
      "--b0undary--\r\n";
    const parts = parseFormParts(new TextEncoder().encode(raw), 'multipart/form-data; boundary="b0undary"');
    expect(parts.fields.get("intent")).toBe("upload");
    expect(parts.files.get("file")).toMatchObject({ fileName: "", type: "application/octet-stream" });
    expect(parts.files.get("file")!.bytes.byteLength).toBe(0);
  });

  it("reads a URL-encoded form", () => {
    const body = new TextEncoder().encode(new URLSearchParams({ intent: "apply", session: "a b/ц" }).toString());
    expect(parseFormParts(body, "application/x-www-form-urlencoded;charset=UTF-8").fields).toEqual(
      new Map([
        ["intent", "apply"],
        ["session", "a b/ц"],
      ]),
    );
  });

  it("refuses a body that is not a form (415), and a multipart body without its boundary or cut short (400)", async () => {
    const form = new FormData();
    form.set("file", new Blob(["slug;title\n"]), "catalog.csv");
    const { body, type } = await serialised(form);
    const refused = (bytes: Uint8Array, contentType: string | null) => {
      try {
        parseFormParts(bytes, contentType);
      } catch (e) {
        return e instanceof UploadError ? e.status : e;
      }
      return "read";
    };
    expect(refused(body, "application/json")).toBe(415);
    expect(refused(body, "multipart/form-data")).toBe(400);
    expect(refused(body.subarray(0, body.byteLength - 30), type)).toBe(400);
    await expect(new Response(body.slice(0, body.byteLength - 30), { headers: { "content-type": type } }).formData()).rejects.toThrow();
  });
});

describe("readLimitedBody", () => {
  const stream = (chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
  const request = (length: number, chunks: Uint8Array[]) =>
    new Request("http://vitrina.test/", { method: "POST", headers: { "content-length": String(length) }, body: stream(chunks), duplex: "half" } as RequestInit);
  const bytes = new Uint8Array(200_000).map((_, i) => i % 251);

  it("keeps a body handed over in one chunk as it is, without a copy", async () => {
    const read = await readLimitedBody(request(bytes.byteLength, [bytes]), 1_000_000, "много");
    expect(read).toBe(bytes);
  });

  it("reads a body in chunks into one buffer of its announced length, and one that says less than it sends whole", async () => {
    const chunks = () => [bytes.slice(0, 70_000), bytes.slice(70_000, 140_000), bytes.slice(140_000)];
    const announced = await readLimitedBody(request(bytes.byteLength, chunks()), 1_000_000, "много");
    expect(announced).toEqual(bytes);
    expect(announced.buffer.byteLength).toBe(bytes.byteLength);
    expect(await readLimitedBody(request(100_000, chunks()), 1_000_000, "много")).toEqual(bytes);
    await expect(readLimitedBody(request(100_000, chunks()), 150_000, "много")).rejects.toThrow("много");
  });
});
