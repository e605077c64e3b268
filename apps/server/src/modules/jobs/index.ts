export { createJobsRepository, type JobRow, type JobsRepository, type NewJob } from './repository';
export { createJobs, type JobContext, type JobHandler, type Jobs, type JobsOptions } from './service';
export { nextWeekStartUtc } from './periods';
