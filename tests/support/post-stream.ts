// Posts a large body the way a hostile client would (announced or chunked) and stops sending as
// soon as the server answers, so a test can tell "refused before reading" from "read it all".
import http from "node:http";

export interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** how many bytes had been handed to the socket when the answer came */
  sentBytes: number;
}

export function postUntilAnswered(
  url: string,
  headers: Record<string, string>,
  totalBytes: number,
  options: { prefix?: string; chunkBytes?: number } = {},
): Promise<StreamedAnswer> {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunk = Buffer.alloc(chunkBytes, 65);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: "POST", headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes: sent });
      });
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      if (answered) return;
      if (sent === 0 && options.prefix) {
        req.write(options.prefix);
        sent += Buffer.byteLength(options.prefix);
      }
      if (sent >= totalBytes) return void req.end();
      sent += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once("drain", pump);
    };
    pump();
  });
}
