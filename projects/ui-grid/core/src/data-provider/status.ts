/** A state of a provider's life cycle (spec 3.1). `toString()` is the class name. */
export abstract class Status {
  abstract readonly name: string;
  /** Final failure statuses end loading; the provider recovers only through a new `execute()`. */
  get isFailure(): boolean {
    return false;
  }
  /** What went wrong, for failure statuses. */
  readonly reason?: string;
  /** What raised a failure, where known (a loader's WrsError with its details: HTTP status, no answer). */
  readonly cause?: unknown;
  toString(): string {
    return this.name;
  }
}

abstract class FailureStatus extends Status {
  constructor(
    override readonly reason: string = '',
    override readonly cause?: unknown,
  ) {
    super();
  }
  override get isFailure(): boolean {
    return true;
  }
  override toString(): string {
    return this.reason ? `${this.name}: ${this.reason}` : this.name;
  }
}

export class InitializedStatus extends Status {
  readonly name = 'InitializedStatus';
}
export class LoadingStatus extends Status {
  readonly name = 'LoadingStatus';
}
export class ChainLoadedStatus extends Status {
  readonly name = 'ChainLoadedStatus';
}
export class WaitingForParametersStatus extends Status {
  readonly name = 'WaitingForParametersStatus';
}
export class TransformingStatus extends Status {
  readonly name = 'TransformingStatus';
}
/** The ready status: data is available. */
export class TransformedStatus extends Status {
  readonly name = 'TransformedStatus';
}
export class SavedStatus extends Status {
  readonly name = 'SavedStatus';
}
export class LoadFailedStatus extends FailureStatus {
  readonly name = 'LoadFailedStatus';
}
export class ChainStylesheetLoadingFailed extends FailureStatus {
  readonly name = 'ChainStylesheetLoadingFailed';
}
export class TransformFailedStatus extends FailureStatus {
  readonly name = 'TransformFailedStatus';
}
/** A save failed; the data and every pending change are still there. */
export class SaveFailedStatus extends FailureStatus {
  readonly name = 'SaveFailedStatus';
}

/** Any status class, for listeners that filter by class. */
export type StatusClass = abstract new (...args: never[]) => Status;
