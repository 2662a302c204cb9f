import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/**
 * A uPlot chart drawn into the returned container at its width, redrawn at the new width when the container
 * is resized, and drawn again when the options or data change (keep both stable between renders).
 */
export function usePlot(optionsAt: (width: number) => uPlot.Options, data: uPlot.AlignedData) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const options = optionsAt(container.clientWidth);
    const plot = new uPlot(options, data, container);
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: options.height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [optionsAt, data]);
  return containerRef;
}
