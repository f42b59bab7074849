import { afterEach, vi, type MockInstance } from 'vitest';
import type { RouteDescriptor, RouteInput } from '@checkup/api-contract';
import { api } from '../lib/api';
import type { ApiClient } from '../lib/api-client';
import { ApiError } from '../lib/api-error';

/**
 * What the fake server answers to one call, given what the screen sent (and the file, for an upload).
 * It may throw an ApiError as the server would refuse; the answer is not parsed by the contract, so a
 * test gives only the fields its screen reads.
 */
export type Answer<R extends RouteDescriptor = RouteDescriptor> = (input: RouteInput<R>, file?: File) => unknown;

export interface FakeApi {
  /** The client's `call`, for `toHaveBeenCalledWith(descriptor, input)`. */
  call: MockInstance<ApiClient['call']>;
  /** The client's `upload`, for `toHaveBeenCalledWith(descriptor, input, file)`. */
  upload: MockInstance<ApiClient['upload']>;
  /** What the screen sent with each call of this descriptor, in order. */
  calls<R extends RouteDescriptor>(descriptor: R): RouteInput<R>[];
  /** Answers this descriptor from now on (a new answer, or one replaced in the middle of a test). */
  answer<R extends RouteDescriptor>(descriptor: R, answer: Answer<R>): void;
}

const installed: MockInstance[] = [];

afterEach(() => {
  installed.splice(0).forEach((spy) => spy.mockRestore());
});

/**
 * The web's one API client (lib/api) answering by route descriptor, for this test: one answer per
 * descriptor (a later pair for the same descriptor wins), typed by what the descriptor takes; a
 * descriptor with no answer is refused as a server would refuse an unknown path. Calling it again in the same test
 * starts afresh; the real client is back after each test.
 */
export function fakeApi<const Routes extends readonly RouteDescriptor[]>(answers: {
  [K in keyof Routes]: readonly [Routes[K], Answer<Routes[K]>];
}): FakeApi {
  const byDescriptor = new Map<RouteDescriptor, Answer>(answers as unknown as [RouteDescriptor, Answer][]);
  const answerOf = (descriptor: RouteDescriptor, input: unknown, file?: File) => {
    const answer = byDescriptor.get(descriptor);
    if (!answer) throw new ApiError(404, `未模拟的请求：${descriptor.path}`, descriptor.path);
    return answer(input as RouteInput<RouteDescriptor>, file);
  };

  installed.splice(0).forEach((spy) => spy.mockRestore());
  const call = vi
    .spyOn(api, 'call')
    .mockImplementation(async (descriptor, input) => answerOf(descriptor, input) as never);
  const upload = vi
    .spyOn(api, 'upload')
    .mockImplementation(async (descriptor, input, file) => answerOf(descriptor, input, file) as never);
  installed.push(call, upload);

  return {
    call,
    upload,
    calls: (descriptor) =>
      [...call.mock.calls, ...upload.mock.calls]
        .filter(([called]) => called === descriptor)
        .map(([, input]) => input as RouteInput<typeof descriptor>),
    answer: (descriptor, answer) => void byDescriptor.set(descriptor, answer as Answer),
  };
}
