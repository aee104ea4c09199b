// Captures console.log / console.error (what a CLI command prints) until restore().
export interface CapturedConsole {
  out: () => string;
  err: () => string;
  clear: () => void;
  restore: () => void;
}

export function captureConsole(): CapturedConsole {
  const out: string[] = [];
  const err: string[] = [];
  const log = jest.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const error = jest
    .spyOn(console, "error")
    .mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  return {
    out: () => out.join("\n"),
    err: () => err.join("\n"),
    clear: () => {
      out.length = 0;
      err.length = 0;
    },
    restore: () => {
      log.mockRestore();
      error.mockRestore();
    },
  };
}
