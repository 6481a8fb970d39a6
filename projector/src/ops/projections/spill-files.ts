import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Entries a partition buffers before they go to its file as one frame (a long log has many partitions). */
const frameEntries = 1024;

/**
 * Append-only files, one per partition, in a temporary directory: entries are buffered, written
 * in frames (v8's serialization, a 4-byte length before each) and read back in the order they were
 * added, one frame at a time, so reading a partition holds one frame in memory, not the file.
 */
export class SpillFiles<T> {
  private readonly dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  private readonly files: number[];
  private readonly sizes: number[];
  private readonly buffers: T[][];

  constructor(count: number) {
    this.files = Array.from({ length: count }, (_, p) => openSync(join(this.dir, `${p}`), 'w+'));
    this.sizes = Array.from({ length: count }, () => 0);
    this.buffers = Array.from({ length: count }, () => []);
  }

  add(partition: number, entry: T): void {
    const buffer = this.buffers[partition]!;
    buffer.push(entry);
    if (buffer.length >= frameEntries) this.flush(partition);
  }

  /** Every entry of a partition, in the order added, a frame at a time. */
  *read(partition: number): Generator<T[]> {
    this.flush(partition);
    const file = this.files[partition]!;
    const header = Buffer.alloc(4);
    for (let at = 0; at < this.sizes[partition]!;) {
      readSync(file, header, 0, 4, at);
      const frame = Buffer.allocUnsafe(header.readUInt32LE(0));
      readSync(file, frame, 0, frame.length, at + 4);
      at += 4 + frame.length;
      yield deserialize(frame) as T[];
    }
  }

  /** Closes and deletes the files. */
  remove(): void {
    for (const file of this.files) closeSync(file);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(partition: number): void {
    const buffer = this.buffers[partition]!;
    if (buffer.length === 0) return;
    const frame = serialize(buffer);
    const header = Buffer.alloc(4);
    header.writeUInt32LE(frame.length, 0);
    const file = this.files[partition]!;
    writeSync(file, header, 0, 4, this.sizes[partition]);
    writeSync(file, frame, 0, frame.length, this.sizes[partition]! + 4);
    this.sizes[partition]! += 4 + frame.length;
    this.buffers[partition] = [];
  }
}
