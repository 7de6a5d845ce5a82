import { DataProvider, DataProviderArgs } from './data-provider';
import { TransformedStatus } from './status';

export interface ConstantDataProviderArgs extends DataProviderArgs {
  name: string;
  value: string | number | boolean | null;
}

/** A named constant, used as a chain parameter. Ready as soon as it runs; its value is `getValue()`. */
export class ConstantDataProvider extends DataProvider {
  private value: string | number | boolean | null;

  constructor(args: ConstantDataProviderArgs) {
    super(args);
    this.value = args.value;
  }

  getValue(): string | number | boolean | null {
    return this.value;
  }

  /** Changes the value and tells change listeners. */
  setValue(value: string | number | boolean | null): void {
    this.value = value;
    this.fire();
  }

  override isReady(): boolean {
    return this.getStatus() instanceof TransformedStatus;
  }

  override serialize(): string | null {
    return this.value === null ? null : String(this.value);
  }

  protected doExecute(): void {
    this.setStatus(this.transformedStatus);
  }
}
