import { parentPort, workerData } from 'node:worker_threads';
import { runHttpLoad, type HttpLoadOptions } from './http-load.ts';

// The body of httpLoad's worker thread: run the load, hand the figures back.
parentPort!.postMessage(await runHttpLoad(workerData as HttpLoadOptions));
