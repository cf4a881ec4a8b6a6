// Two real results are measured once for the whole assembly, before any test runs; the tests then run one at a time so
// that nothing in this assembly allocates beside a measurement.
[assembly: AssemblyFixture(typeof(PerfAssert.Assertions.Tests.MeasuredResults))]
[assembly: CollectionBehavior(DisableTestParallelization = true)]
