import { useId } from 'react';
import { Callout, Card } from '@tremor/react';
import {
  enumLabel,
  formatShortDate,
  type OpportunityStage,
  type PipelineConversion,
  type PipelineResponse,
} from '@meridian/domain';
import { FilterSelect, useListQuery, useListResource } from '../../../components/data-table';
import { InputField } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useTeamOptions } from '../../crm/teams';
import { useAdvisorOptions } from '../../crm/contacts-page';
import { opportunityCalls, type PipelineFilter } from './pipeline-api';

type PipelineFilterName = keyof PipelineFilter;

/** What each column's number is, since the API answers counts and not the opportunities themselves. */
const STAGE_MEANING: Readonly<Record<OpportunityStage, string>> = {
  NEW: 'Sales begun whose discovery has not started.',
  DISCOVERY: 'Sales in discovery, before a proposal.',
  PROPOSAL: 'Sales with a proposal, not yet closed.',
  WON: 'Sales closed with a new client.',
  LOST: 'Sales that ended without a client.',
};

const stageLabel = (stage: OpportunityStage) => enumLabel('OpportunityStage', stage);

/** "Discovery to proposal: 3 of 5, 60%", or why there is no rate. */
export function conversionSentence(conversion: PipelineConversion): string {
  const step = `${stageLabel(conversion.fromStage)} to ${stageLabel(conversion.toStage).toLowerCase()}`;
  if (conversion.rate === null) {
    return `${step}: none entered ${stageLabel(conversion.fromStage).toLowerCase()} in this period`;
  }
  const percent = Math.round(conversion.rate * 1000) / 10;
  return `${step}: ${conversion.converted} of ${conversion.entered}, ${percent}%`;
}

/** The period in words, its ends as calendar dates (no time zone to shift them). */
function periodWords(pipeline: PipelineResponse): string {
  const start = pipeline.startDate && formatShortDate(pipeline.startDate, true);
  const end = pipeline.endDate && formatShortDate(pipeline.endDate, true);
  if (start && end) return `between ${start} and ${end}`;
  if (start) return `since ${start}`;
  if (end) return `until ${end}`;
  return 'at any time';
}

function StageColumn({ stage, pipeline }: { stage: PipelineResponse['stages'][number]; pipeline: PipelineResponse }) {
  return (
    <Card className="p-4" data-testid="pipeline-stage" data-stage-label={stageLabel(stage.stage)}>
      <h2 className="text-tremor-default font-semibold text-tremor-content-strong">{stageLabel(stage.stage)}</h2>
      <p className="mt-2 text-3xl font-semibold text-tremor-content-strong" data-testid="pipeline-stage-count">
        {stage.count}
      </p>
      <p className="text-tremor-label text-tremor-content">{STAGE_MEANING[stage.stage]}</p>
      <p className="mt-2 text-tremor-label text-tremor-content-emphasis" data-testid="pipeline-stage-entered">
        {stage.enteredInPeriod} entered {periodWords(pipeline)}
      </p>
      <p className="mt-2 text-tremor-label text-tremor-content" data-testid="pipeline-stage-fees">
        {stage.expectedAnnualFees === null ? 'Fees come with proposals' : `Expected fees ${stage.expectedAnnualFees}`}
      </p>
    </Card>
  );
}

function PipelineBoard({ pipeline }: { pipeline: PipelineResponse }) {
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
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-5" data-testid="pipeline-stages">
        {pipeline.stages.map((stage) => (
          <StageColumn key={stage.stage} stage={stage} pipeline={pipeline} />
        ))}
      </div>
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
 * The sales pipeline (crm §4): per stage the sales there now and those that entered it in the
 * period, and each step's conversion, narrowed by team, primary advisor and period (in the URL).
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
          Where your sales stand, and how many moved on from each stage over the period.
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
        {(data) => <PipelineBoard pipeline={data} />}
      </Loaded>
    </section>
  );
}
