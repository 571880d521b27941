// Making the special files setup must refuse: FIFOs and sockets.

/** Makes a FIFO (named pipe) at `path` with `mkfifo`. */
export async function makeFifo(path: string): Promise<void> {
  const { success, stderr } = await new Deno.Command("mkfifo", { args: [path] }).output();
  if (!success) throw new Error(`mkfifo "${path}" failed: ${new TextDecoder().decode(stderr)}`);
}

/** Makes a Unix socket at `path`; returns how to close it (the file stays). */
export function makeSocket(path: string): () => void {
  const listener = Deno.listen({ transport: "unix", path });
  return () => listener.close();
}
