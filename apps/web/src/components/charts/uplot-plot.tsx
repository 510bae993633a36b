import { useEffect, useEffectEvent, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { markerLabelLeft, wholeIncrements } from './chart-axis';
import { isolatedPoints } from './isolated-points';
import { formatChartValue, timeTickFormat } from './chart-format';
import type { ChartBand, ChartMarker, ChartSeries, ChartXAxis } from './chart-types';
import type { TimeRange } from './zoom';

export interface UplotPlotProps {
  x: readonly number[];
  xAxis: ChartXAxis;
  markers?: readonly ChartMarker[];
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  height: number;
  language: string;
  axisColour: string;
  gridColour: string;
  yMax?: number;
  yMin?: number;
  bands?: readonly ChartBand[];
  /** The unit the y axis is labelled with, when every series shares it. */
  yUnit?: string;
  onCursor: (index: number | null) => void;
  onSelect?: (range: TimeRange) => void;
  onSeriesClick?: (key: string) => void;
}

/** Where the performance figure of bench/README.md is read from. */
export const chartDrawMeasure = 'linesight-chart-draw';

const dayMs = 86_400_000;

/** uPlot's spline paths, for series that ask for a smooth curve. */
const smooth = uPlot.paths.spline?.();

/** Pixels the pointer may be from a line and still pick it for a click. */
const seriesPickDistance = 12;

/**
 * The uPlot canvas, loaded on its own (with uPlot) only when a chart has something to draw. It
 * is rebuilt when the data changes, which uPlot does in a few milliseconds even for a month of
 * 25 devices; showing and hiding a series only redraws.
 */
export default function UplotPlot(props: UplotPlotProps) {
  const { x, xAxis, markers, series, height, language, axisColour, gridColour } = props;
  const { yMax, yMin, bands, yUnit } = props;
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  const reportCursor = useEffectEvent((index: number | null) => props.onCursor(index));
  const reportSelect = useEffectEvent((range: TimeRange) => props.onSelect?.(range));
  const reportClick = useEffectEvent((key: string) => props.onSeriesClick?.(key));
  const isShown = useEffectEvent((key: string) => !props.hidden.has(key));
  const selectable = props.onSelect !== undefined;
  const clickable = props.onSeriesClick !== undefined;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const startedAt = performance.now();
    let measured = false;
    let focused: number | null = null;
    const spanMs = x.length > 1 ? (x.at(-1) ?? 0) - (x[0] ?? 0) : 0;

    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      ms: 1,
      // Room on the right for half of a tick label that falls on the last point (uPlot clips it).
      padding: [null, 32, null, null],
      legend: { show: false },
      focus: { alpha: 0.35 },
      cursor: {
        drag: { x: selectable, y: false, setScale: false },
        focus: { prox: seriesPickDistance },
        points: { size: 6 },
      },
      select: { show: selectable, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x:
          xAxis.kind === 'time'
            ? { time: true }
            : { time: false, range: (_self, dataMin, dataMax) => [dataMin, dataMax] },
        y: {
          range: (_self, dataMin, dataMax) => {
            const bottom = yMin ?? Math.min(0, dataMin || 0);
            if (yMax !== undefined) return [bottom, yMax];
            const top =
              Number.isFinite(dataMax) && (dataMax > 0 || yMin !== undefined) ? dataMax : 1;
            const [low, high] = uPlot.rangeNum(bottom, top, 0.1, true);
            return [yMin ?? low, high];
          },
        },
      },
      axes: [
        xAxis.kind === 'time'
          ? {
              stroke: axisColour,
              // Labels with a date and a time need more room than a time alone; a 12-hour time
              // with its AM/PM is about 60 px, so ticks closer than 80 px run into each other.
              space: spanMs > dayMs ? 120 : 80,
              grid: { stroke: gridColour, width: 1 },
              ticks: { stroke: gridColour },
              values: (_self, splits, _axis, _space, increment) => {
                const format = timeTickFormat(language, increment, spanMs);
                return splits.map((split) => format(split));
              },
            }
          : {
              stroke: axisColour,
              label: xAxis.unit ? `${xAxis.label} (${xAxis.unit})` : xAxis.label,
              labelSize: 20,
              space: 36,
              incrs: [...(xAxis.increments ?? wholeIncrements)],
              grid: { stroke: gridColour, width: 1 },
              ticks: { stroke: gridColour },
              values: (_self, splits) => splits.map((split) => xAxis.format(split)),
            },
        {
          stroke: axisColour,
          label: yUnit,
          labelSize: yUnit ? 20 : 0,
          size: 56,
          grid: { stroke: gridColour, width: 1 },
          ticks: { stroke: gridColour },
          values: (_self, splits) => splits.map((split) => formatChartValue(language, split)),
        },
      ],
      series: [
        {},
        ...series.map((line): uPlot.Series => ({
          label: line.name,
          stroke: line.colour,
          width: 1.5,
          fill: line.fill,
          paths: line.spline ? smooth : undefined,
          show: isShown(line.key),
          spanGaps: false,
          points: {
            show: true,
            size: 5,
            fill: line.colour,
            filter: (self, seriesIndex) => isolatedPoints(self.data[seriesIndex] ?? []),
          },
        })),
      ],
      hooks: {
        drawClear: [
          (self) => {
            if (!bands?.length) return;
            const { ctx, bbox } = self;
            ctx.save();
            for (const band of bands) {
              const top = self.valToPos(band.to, 'y', true);
              const bottom = self.valToPos(band.from, 'y', true);
              ctx.fillStyle = band.colour;
              ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
              ctx.fillStyle = axisColour;
              ctx.font = `${Math.round(11 * devicePixelRatio)}px sans-serif`;
              ctx.textBaseline = 'top';
              ctx.fillText(
                band.label,
                bbox.left + 6 * devicePixelRatio,
                top + 4 * devicePixelRatio,
              );
            }
            ctx.restore();
          },
        ],
        draw: [
          (self) => {
            if (!markers?.length) return;
            const { ctx, bbox } = self;
            const pixel = devicePixelRatio;
            ctx.save();
            ctx.font = `${Math.round(11 * pixel)}px sans-serif`;
            ctx.textBaseline = 'top';
            for (const marker of markers) {
              const lineX = Math.round(self.valToPos(marker.x, 'x', true));
              if (lineX < bbox.left || lineX > bbox.left + bbox.width) continue;
              const colour = marker.colour ?? axisColour;
              ctx.strokeStyle = colour;
              ctx.lineWidth = 2 * pixel;
              ctx.setLineDash([6 * pixel, 4 * pixel]);
              ctx.beginPath();
              ctx.moveTo(lineX, bbox.top);
              ctx.lineTo(lineX, bbox.top + bbox.height);
              ctx.stroke();
              ctx.fillStyle = colour;
              const textLeft = markerLabelLeft(
                lineX,
                ctx.measureText(marker.label).width,
                bbox,
                4 * pixel,
              );
              ctx.fillText(marker.label, textLeft, bbox.top + 4 * pixel);
            }
            ctx.restore();
          },
          () => {
            if (measured) return;
            measured = true;
            performance.measure(chartDrawMeasure, {
              start: startedAt,
              detail: { series: series.length, points: x.length },
            });
          },
        ],
        setCursor: [(self) => reportCursor(self.cursor.idx ?? null)],
        setSeries: [
          (_self, index, change) => {
            // uPlot's typings call the change a Series; it is the {show} or {focus} asked for.
            const { focus } = change as { focus?: boolean };
            if (focus !== undefined) focused = focus ? index : null;
          },
        ],
        setSelect: [
          (self) => {
            const { left, width } = self.select;
            if (width < 3) return;
            const range = {
              start: self.posToVal(left, 'x'),
              end: self.posToVal(left + width, 'x'),
            };
            self.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            reportSelect(range);
          },
        ],
      },
    };

    const data = [x as number[], ...series.map((line) => line.values as (number | null)[])];
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    plot.current = chart;

    const onClick = (): void => {
      if (!clickable || focused === null || chart.cursor.idx === null) return;
      const key = series[focused - 1]?.key;
      if (key !== undefined) reportClick(key);
    };
    const onLeave = (): void => {
      focused = null;
    };
    chart.over.addEventListener('click', onClick);
    chart.over.addEventListener('mouseleave', onLeave);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', onClick);
      chart.over.removeEventListener('mouseleave', onLeave);
      chart.destroy();
      plot.current = null;
    };
  }, [
    x,
    xAxis,
    markers,
    series,
    height,
    language,
    axisColour,
    gridColour,
    yMax,
    yMin,
    bands,
    yUnit,
    selectable,
    clickable,
  ]);

  const { hidden } = props;
  useEffect(() => {
    const chart = plot.current;
    if (!chart) return;
    series.forEach((line, index) => {
      const show = !hidden.has(line.key);
      if (chart.series[index + 1]?.show !== show) chart.setSeries(index + 1, { show });
    });
  }, [hidden, series]);

  return (
    <div
      ref={container}
      style={{ width: '100%', height, cursor: clickable ? 'pointer' : undefined }}
    />
  );
}
