// busboy@1 (installed with graphql-upload-minimal) ships no types; the part the upload route uses.
declare module "busboy" {
  import type { IncomingHttpHeaders } from "node:http";
  import type { Readable, Writable } from "node:stream";

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface Config {
      headers: IncomingHttpHeaders;
      highWaterMark?: number;
      fileHwm?: number;
      defCharset?: string;
      defParamCharset?: string;
      preservePath?: boolean;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string;
      encoding: string;
      mimeType: string;
    }
    interface FileStream extends Readable {
      truncated: boolean;
    }
    interface Busboy extends Writable {
      on(event: "file", listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
      on(event: "field", listener: (name: string, value: string) => void): this;
      on(event: "close" | "partsLimit" | "filesLimit" | "fieldsLimit", listener: () => void): this;
      on(event: "error", listener: (err: Error) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }
  function busboy(config: busboy.Config): busboy.Busboy;
  export default busboy;
}
