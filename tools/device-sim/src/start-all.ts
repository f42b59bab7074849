import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFingerprintSim, FINGERPRINT_SIM_PORT, type FingerprintSim } from './fingerprint-sim.js';
import {
  CONVERSION_SIM_PORT,
  PRINT_HELPER_SIM_PORT,
  startConversionSim,
  startPrintHelperSim,
  type HealthSim,
} from './health-sim.js';
import { startIdCardSim, ID_CARD_SIM_PORT, type IdCardSim } from './id-card-sim.js';
import { PRINT_SERVICE_SIM_PORTS, startPrintServiceSim, type PrintServiceSim } from './print-sim.js';

export interface DeviceSimOptions {
  host?: string;
  idCardPort?: number;
  fingerprintPort?: number;
  printServicePorts?: readonly number[];
  printHelperPort?: number;
  conversionPort?: number;
  /** Where printed jobs are written; a folder under the system temp folder by default. */
  jobsDir?: string;
  /** Pause between two fingerprint events. */
  stepDelayMs?: number;
}

export interface DeviceSims {
  idCard: IdCardSim;
  fingerprint: FingerprintSim;
  printServices: PrintServiceSim[];
  printHelper: HealthSim;
  conversion: HealthSim;
  jobsDir: string;
  ports(): { idCard: number; fingerprint: number; printServices: number[]; printHelper: number; conversion: number };
  close(): Promise<void>;
}

export const DEFAULT_JOBS_DIR = path.join(tmpdir(), 'checkup-device-sim', 'print-jobs');

/** Every simulator on the spec's ports (§9), or on the ports given (0 = a free one). All or none start. */
export async function startDeviceSims(options: DeviceSimOptions = {}): Promise<DeviceSims> {
  const { host } = options;
  const jobsDir = options.jobsDir ?? DEFAULT_JOBS_DIR;
  const started: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(sim: T): T => {
    started.push(sim);
    return sim;
  };
  try {
    const idCard = track(await startIdCardSim({ host, port: options.idCardPort ?? ID_CARD_SIM_PORT }));
    const fingerprint = track(
      await startFingerprintSim({
        host,
        port: options.fingerprintPort ?? FINGERPRINT_SIM_PORT,
        stepDelayMs: options.stepDelayMs,
      }),
    );
    const printServices: PrintServiceSim[] = [];
    for (const port of options.printServicePorts ?? PRINT_SERVICE_SIM_PORTS) {
      printServices.push(track(await startPrintServiceSim({ host, port, jobsDir })));
    }
    const printHelper = track(
      await startPrintHelperSim({ host, port: options.printHelperPort ?? PRINT_HELPER_SIM_PORT }),
    );
    const conversion = track(await startConversionSim({ host, port: options.conversionPort ?? CONVERSION_SIM_PORT }));
    return {
      idCard,
      fingerprint,
      printServices,
      printHelper,
      conversion,
      jobsDir,
      ports: () => ({
        idCard: idCard.port,
        fingerprint: fingerprint.port,
        printServices: printServices.map((s) => s.port),
        printHelper: printHelper.port,
        conversion: conversion.port,
      }),
      close: async () => {
        await Promise.all(started.map((sim) => sim.close()));
      },
    };
  } catch (err) {
    await Promise.all(started.map((sim) => sim.close()));
    throw err;
  }
}
