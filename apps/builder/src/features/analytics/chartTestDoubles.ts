import type uPlot from 'uplot';

/**
 * Stand-ins for uPlot and ResizeObserver, which need a canvas and layout that jsdom does not have: they
 * record what the Analytics tab asks of them (the options, the data, each new size).
 */
export class FakePlot {
  static readonly created: FakePlot[] = [];
  static tzDate(date: Date): Date {
    return date;
  }
  /** The bar path builder, recorded as what it was asked for. */
  static readonly paths = { bars: (options: unknown) => ({ bars: options }) };

  width: number;
  destroyed = false;
  readonly sizes: { width: number; height: number }[] = [];

  constructor(
    readonly options: uPlot.Options,
    readonly data: uPlot.AlignedData,
    readonly target: HTMLElement,
  ) {
    this.width = options.width;
    FakePlot.created.push(this);
  }

  setSize(size: { width: number; height: number }) {
    this.width = size.width;
    this.sizes.push(size);
  }

  destroy() {
    this.destroyed = true;
  }
}

export class FakeResizeObserver {
  static readonly observing: FakeResizeObserver[] = [];
  private target: Element | null = null;

  constructor(private readonly onResize: (entries: { contentRect: { width: number } }[]) => void) {}

  observe(target: Element) {
    this.target = target;
    FakeResizeObserver.observing.push(this);
  }

  disconnect() {
    this.target = null;
  }

  /** What the browser does when the observed element's width changes. */
  resizeTo(width: number) {
    if (this.target) this.onResize([{ contentRect: { width } }]);
  }
}

export function resetChartDoubles() {
  FakePlot.created.length = 0;
  FakeResizeObserver.observing.length = 0;
}
