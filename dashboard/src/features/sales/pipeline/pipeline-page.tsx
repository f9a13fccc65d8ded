import { useId } from 'react';
import { Callout, Card } from '@tremor/react';
import { type PipelineConversion, type PipelineResponse } from '@meridian/domain';
import { FilterSelect, useListQuery, useListResource } from '../../../components/data-table';
import { InputField } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useTeamOptions } from '../../crm/teams';
import { useAdvisorOptions } from '../../crm/contacts-page';
import { opportunityCalls, type PipelineFilter } from './pipeline-api';
import { PipelineBoard, periodWords, stageLabel } from './pipeline-board';

type PipelineFilterName = keyof PipelineFilter;

/** "Discovery to proposal: 3 of 5, 60%", or why there is no rate. */
export function conversionSentence(conversion: PipelineConversion): string {
  const step = `${stageLabel(conversion.fromStage)} to ${stageLabel(conversion.toStage).toLowerCase()}`;
  if (conversion.rate === null) {
    return `${step}: none entered ${stageLabel(conversion.fromStage).toLowerCase()} in this period`;
  }
  const percent = Math.round(conversion.rate * 1000) / 10;
  return `${step}: ${conversion.converted} of ${conversion.entered}, ${percent}%`;
}

function PipelineView({
  pipeline,
  filter,
  onMoved,
}: {
  pipeline: PipelineResponse;
  filter: PipelineFilter;
  onMoved: () => void;
}) {
  const total = pipeline.stages.reduce((sum, stage) => sum + stage.count, 0);
  if (total === 0) {
    return (
      <Callout title="No sales in this pipeline yet" color="blue" data-testid="pipeline-empty">
        A sale begins with a household or a contact: open their page in CRM and choose “Begin a sale”. If you narrowed
        the pipeline to a team or an advisor, choose “All teams” or “All advisors” to see the others.
      </Callout>
    );
  }
  return (
    <>
      <PipelineBoard pipeline={pipeline} filter={filter} onMoved={onMoved} />
      <Card className="p-4">
        <h2 className="text-tremor-default font-semibold text-tremor-content-strong">
          Conversion {periodWords(pipeline)}
        </h2>
        <p className="text-tremor-label text-tremor-content">
          Of the sales that entered a stage in the period, how many have reached the next one.
        </p>
        <ul className="mt-2 space-y-1 text-tremor-default text-tremor-content-emphasis">
          {pipeline.conversions.map((conversion) => (
            <li key={`${conversion.fromStage}-${conversion.toStage}`} data-testid="pipeline-conversion">
              {conversionSentence(conversion)}
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/**
 * The sales pipeline (crm §4) as a board: per stage the sales there now with their totals and
 * cards, those that entered it in the period, and each step's conversion, narrowed by team,
 * primary advisor and period (in the URL).
 */
export default function PipelinePage() {
  const id = useId();
  const teams = useTeamOptions();
  const advisors = useAdvisorOptions();
  const list = useListQuery<PipelineFilterName>({ sort: 'stage', order: 'asc', limit: 0 });
  const { filter, update } = list;
  const query: PipelineFilter = {
    teamId: filter('teamId'),
    primaryAdvisorId: filter('primaryAdvisorId'),
    startDate: filter('startDate'),
    endDate: filter('endDate'),
  };
  const pipeline = useListResource(opportunityCalls.pipeline, query);

  return (
    <section className="space-y-4" data-testid="pipeline-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Pipeline</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Where your sales stand, with each stage’s expected fees and assets, and how many moved on from each stage over
          the period.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-4" role="group" aria-label="Filter the pipeline">
        <FilterSelect
          list={list}
          name="teamId"
          label="Team"
          options={teams}
          emptyLabel="All teams"
          testId="pipeline-team"
        />
        <FilterSelect
          list={list}
          name="primaryAdvisorId"
          label="Primary advisor"
          options={advisors}
          emptyLabel="All advisors"
          testId="pipeline-advisor"
        />
        <InputField
          id={`${id}-start`}
          label="From"
          type="date"
          value={query.startDate}
          onChange={(value) => update({ startDate: value })}
          testId="pipeline-start"
        />
        <InputField
          id={`${id}-end`}
          label="To"
          type="date"
          value={query.endDate}
          onChange={(value) => update({ endDate: value })}
          testId="pipeline-end"
        />
      </div>
      <Loaded resource={pipeline} what="pipeline">
        {(data) => <PipelineView pipeline={data} filter={query} onMoved={pipeline.reload} />}
      </Loaded>
    </section>
  );
}
