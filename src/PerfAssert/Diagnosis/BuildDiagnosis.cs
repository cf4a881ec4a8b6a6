using PerfAssert.Baselines;
using System.Globalization;
using System.Text;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Where the working tree and the reference build differ per call, measured after the verdict on <see cref="Pairs"/> fresh
/// pairs of workers (never during its timed blocks): each worker recorded with EventPipe while it serves the measured call
/// for <see cref="PerfOptions.DiagnosisTime"/>, its CPU samples and sampled allocations normalised by the calls it served,
/// and the two builds compared method by method (<see cref="ProfileComparison"/>, which marks a difference only when every
/// pair shows it: a process pair is one observation, as in the verdict) and by allocated type and allocating method
/// (<see cref="AllocationComparison"/>, over every pair's samples). The files it leaves are in <see cref="Folder"/>.
/// </summary>
internal sealed record BuildDiagnosis(ProfileComparison Cpu, AllocationComparison Allocations, TimeSpan PerSide, string Folder, DiagnosisSides? Sides = null, ProfileComparison? Threads = null)
{
    /// <summary>
    /// Whether a pinned worker's sampling thread could not be given priority over its request threads in some recording
    /// (setting a real-time priority needs root or CAP_SYS_NICE): its ticks then wait for a request to finish, and a short
    /// call's own CPU is under-counted.
    /// </summary>
    public bool SamplerStarved { get; init; }

    /// <summary>How many rows of each table a message shows.</summary>
    public const int MessageRows = 6;

    /// <summary>
    /// The CPU samples' nominal interval: the runtime's sample profiler is asked for every thread's stack once a millisecond.
    /// A recording's own interval is measured from its ticks (a little longer; <c>EventPipeRecorder.Interval</c>); this one
    /// stands in when a recording has too few ticks to measure.
    /// </summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromMilliseconds(1);

    /// <summary>
    /// How many samples (CPU) or reports (allocations) a recording is made long enough to expect from a difference of the
    /// verdict's size held by one method or one type: a row is marked when each pair's count clears about four of its
    /// standard errors (its square root, with a few hundred rows compared), 15 or more, and at 30 expected a pair falls short
    /// about once in a thousand. At <see cref="PerfOptions.DiagnosisTime"/>'s one second a call of 1.6 ms that allocates 3 KB
    /// more was expected to give 19 reports a recording, and in one CI run in about six one of its three pairs fell short.
    /// </summary>
    public const int ReportsWanted = 30;

    /// <summary>The longest a recording is extended to for <see cref="ReportsWanted"/>, in <see cref="PerfOptions.DiagnosisTime"/>s.</summary>
    public const int LongestRecording = 3;

    /// <summary>
    /// The calls one recording is to serve so that the verdict's difference per call (<paramref name="latencyDifferenceNs"/>,
    /// <paramref name="allocationDifferenceBytes"/>; a difference of zero or less asks for nothing) is expected to give
    /// <see cref="ReportsWanted"/>: CPU samples at one per <see cref="SampleInterval"/>, allocation reports at one per
    /// 102,400 bytes (<see cref="AllocationProfile.SamplingProbability"/>).
    /// </summary>
    public static long CallsWanted(double latencyDifferenceNs, double allocationDifferenceBytes)
    {
        var calls = 0.0;
        if (latencyDifferenceNs > 0)
        {
            calls = ReportsWanted * SampleInterval.TotalNanoseconds / latencyDifferenceNs;
        }

        if (allocationDifferenceBytes > 0)
        {
            calls = Math.Max(calls, ReportsWanted / (allocationDifferenceBytes * AllocationProfile.SamplingProbability));
        }

        return (long)Math.Ceiling(Math.Min(calls, long.MaxValue / 2.0));
    }

    /// <summary>
    /// Whether a recording goes on after <paramref name="elapsed"/> and <paramref name="calls"/> calls: for at least
    /// <paramref name="diagnosisTime"/>, then until it has served <paramref name="wanted"/> calls
    /// (<see cref="CallsWanted"/>), but never past <see cref="LongestRecording"/> times <paramref name="diagnosisTime"/>.
    /// </summary>
    public static bool GoesOn(TimeSpan elapsed, long calls, long wanted, TimeSpan diagnosisTime) =>
        elapsed < diagnosisTime || (calls < wanted && elapsed < diagnosisTime * LongestRecording);

    /// <summary>Both sides' CPU profiles and sampled allocations, for speedscope.</summary>
    public const string SpeedscopeFile = "diagnosis.speedscope.json";

    /// <summary>The differential folded stacks: the reference build's samples, then the working tree's.</summary>
    public const string FoldedFile = "diff.folded";

    /// <summary>
    /// How many fresh process pairs a diagnosis profiles: what differs from process to process (spinning thread-pool threads,
    /// a logger's lock, a dynamic method's tier) is more than Poisson noise within one pair, and is told apart from a change
    /// by not showing in every pair the same way. With two pairs, a service that logs two console lines a request had its
    /// logger's lock marked in 3 of 32 A/A diagnoses (its cost per call moved from 4 to 48 us from one recording to the
    /// next, whichever the build); a third pair is about 2 s more per diagnosis.
    /// </summary>
    public const int Pairs = 3;

    /// <summary>The files a diagnosis writes into its folder: both sides' profiles, the differential stacks, then each pair's (or round's) two recordings.</summary>
    public IReadOnlyList<string> Files => [SpeedscopeFile, FoldedFile, .. Enumerable.Range(1, Cpu.Pairs).SelectMany(p => new[] { Names.Trace(BuildSide.Current, p), Names.Trace(BuildSide.Baseline, p) })];

    /// <summary>The recording of <paramref name="side"/>'s worker in the diagnosis's pair number <paramref name="pair"/> (from 1).</summary>
    public static string Trace(BuildSide side, int pair) => DiagnosisSides.Builds.Trace(side, pair);

    private DiagnosisSides Names => Sides ?? DiagnosisSides.Builds;

    /// <summary>
    /// Compares what the recordings of <paramref name="observations"/> pairs (or rounds) read: each side's CPU samples of
    /// running threads and sampled allocations, per call it served, and with <paramref name="threadTime"/> its waiting
    /// threads per tick (<see cref="ThreadTime"/>), the two sides compared over the observations; writes the
    /// differential folded stacks and the speedscope file into <paramref name="folder"/>.
    /// </summary>
    public static async Task<BuildDiagnosis> CompareAsync(
        IReadOnlyList<(int Observation, BuildSide Side, long Calls, ProfileRecording Recording)> recordings,
        int observations, string title, DiagnosisSides sides, TimeSpan perSide, string folder, CancellationToken cancellationToken, bool threadTime = false)
    {
        var profiles = recordings.Select(r => (r.Observation, r.Side,
            Cpu: new StackProfile(WaitingStacks.Running(r.Recording.Cpu), Math.Max(1, r.Calls), r.Recording.SampleInterval),
            Threads: threadTime ? ThreadTime.Profile(r.Recording.Threads, r.Recording.Ticks) : null,
            Allocations: new AllocationProfile(r.Recording.Allocations, Math.Max(1, r.Calls)))).ToList();
        (T Baseline, T Current) Sides<T>(int observation, Func<(int Observation, BuildSide Side, StackProfile Cpu, StackProfile? Threads, AllocationProfile Allocations), T> of) =>
            (of(profiles.Single(x => x.Observation == observation && x.Side == BuildSide.Baseline)), of(profiles.Single(x => x.Observation == observation && x.Side == BuildSide.Current)));
        var cpu = ProfileComparison.Compare([.. Enumerable.Range(0, observations).Select(o => Sides(o, x => x.Cpu))]);
        var threads = threadTime ? ProfileComparison.Compare([.. Enumerable.Range(0, observations).Select(o => Sides(o, x => x.Threads!))]) : null;
        var allocations = AllocationComparison.Compare([.. Enumerable.Range(0, observations).Select(o => Sides(o, x => x.Allocations))]);
        await File.WriteAllTextAsync(Path.Combine(folder, FoldedFile), FoldedStacks.WriteDifferential(cpu.Baseline, cpu.Current), cancellationToken).ConfigureAwait(false);
        await File.WriteAllTextAsync(Path.Combine(folder, SpeedscopeFile), Speedscope.Write(title,
        [
            Speedscope.Cpu($"{sides.Current}: CPU", cpu.Current),
            Speedscope.Cpu($"{sides.Baseline}: CPU", cpu.Baseline),
            .. threads is null ? [] : new[] { Speedscope.Cpu($"{sides.Current}: waiting threads", threads.Current), Speedscope.Cpu($"{sides.Baseline}: waiting threads", threads.Baseline) },
            Speedscope.Allocations($"{sides.Current}: allocations", allocations.Current.Samples.Select(a => ((IReadOnlyList<string>)[a.Method, a.Type], a))),
            Speedscope.Allocations($"{sides.Baseline}: allocations", allocations.Baseline.Samples.Select(a => ((IReadOnlyList<string>)[a.Method, a.Type], a))),
        ]), cancellationToken).ConfigureAwait(false);
        return new BuildDiagnosis(cpu, allocations, perSide, folder, sides, threads);
    }

    /// <summary>
    /// The lines a message ends with: the top rows of CPU self time, of waiting threads by where they wait when the diagnosis read them (under load),
    /// and of allocations by difference per call, each marked <c>*</c> when more than noise (<c>new</c> and <c>gone</c> for
    /// methods one side never ran), the coverage of the verdict's difference (none when it is not a number), and the folder
    /// of the files.
    /// </summary>
    public string Describe(double latencyDifferenceNanoseconds, double allocationDifferenceBytes)
    {
        var text = new StringBuilder();
        var names = Names;
        var call = names.Call;
        text.Append(CultureInfo.InvariantCulture, $"Where (profiled after the verdict {names.Where(Cpu.Pairs, PerSide)}: {Cpu.Baseline.Calls:N0} {call}s of {names.Called(names.Baseline)}, {Cpu.Current.Calls:N0} of {names.Called(names.Current)}; * more than noise in every {names.Unit}, Poisson counts at a {ProfileComparison.FamilyErrorRate * 100:0}% family error rate):");
        if (SamplerStarved)
        {
            text.AppendLine().Append("  (the workers' sampling thread could not run first: setting its real-time priority with chrt needs root or CAP_SYS_NICE; a short call's own CPU is under-counted, to about half)");
        }

        Table(text, $"CPU self time per {call}, {names.Baseline} -> {names.Current}:", Cpu,
            row => $"{Us(row.BaselineSelfNs)} -> {Us(row.CurrentSelfNs)} ({Signed(row.SelfDifferenceNs / 1000, "0.0")} us)");
        if (!double.IsNaN(latencyDifferenceNanoseconds))
        {
            text.AppendLine().Append("  CPU ").Append(Cpu.Coverage(latencyDifferenceNanoseconds, call));
        }

        if (Threads is not null)
        {
            Table(text, $"threads waiting, by where they wait (on average over each recording; a wait is named with its caller), {names.Baseline} -> {names.Current}:", Threads,
                row => $"{Number(ThreadTime.Threads(row.BaselineSelfNs))} -> {Number(ThreadTime.Threads(row.CurrentSelfNs))} ({Signed(ThreadTime.Threads(row.SelfDifferenceNs), "0.00")})");
        }

        text.AppendLine().Append(CultureInfo.InvariantCulture, $"  allocated bytes per {call} by type and allocating method, {names.Baseline} -> {names.Current}:");
        foreach (var row in Allocations.Rows.Take(MessageRows))
        {
            text.AppendLine().Append(CultureInfo.InvariantCulture,
                $"  {(row.MoreThanNoise ? '*' : ' ')} {row.BaselineBytesPerCall:#,0} -> {row.CurrentBytesPerCall:#,0} ({Signed(row.DifferenceBytesPerCall, "#,0")} B +- {1.96 * row.StandardError:#,0})  {row.Type} in {row.Method}");
        }

        if (!double.IsNaN(allocationDifferenceBytes))
        {
            text.AppendLine().Append("  allocations ").Append(Allocations.Coverage(allocationDifferenceBytes));
        }

        text.AppendLine().Append("  files: ").Append(Folder).Append(" (").Append(string.Join(", ", Files)).Append(')');
        return text.ToString();
    }

    /// <summary>A table of <paramref name="comparison"/>'s top rows: the mark, the row's <paramref name="figures"/>, new or gone, the method.</summary>
    private static void Table(StringBuilder text, string title, ProfileComparison comparison, Func<MethodDifference, string> figures)
    {
        text.AppendLine().Append("  ").Append(title);
        foreach (var row in comparison.Rows.Take(MessageRows))
        {
            var tag = row.IsNew ? " (new)" : row.Vanished ? " (gone)" : string.Empty;
            text.AppendLine().Append("  ").Append(row.MoreThanNoise ? '*' : ' ').Append(' ').Append(figures(row)).Append(tag).Append("  ").Append(row.Method);
        }
    }

    private static string Us(double nanoseconds) => (nanoseconds / 1000).ToString("0.0", CultureInfo.InvariantCulture);

    private static string Number(double value) => value.ToString("0.00", CultureInfo.InvariantCulture);

    private static string Signed(double value, string format) => (value >= 0 ? "+" : "-") + Math.Abs(value).ToString(format, CultureInfo.InvariantCulture);
}

/// <summary>
/// What a diagnosis calls its two sides and how it recorded them: between builds, the working tree and the reference build on
/// fresh worker pairs (<see cref="Builds"/>), loaded or not; in one process, the subject and its partner in rounds of that
/// process (<see cref="InThisProcess"/>), or a load test's two plans in rounds of the processes serving them (<see cref="PlansUnderLoad"/>).
/// </summary>
/// <param name="Current">The side judged (the working tree, the subject).</param>
/// <param name="Baseline">The side it is judged against (the reference build, the partner).</param>
/// <param name="Unit">What one observation of the difference is: a pair of processes, or a round in this process.</param>
/// <param name="CurrentTrace">The judged side's recordings' file name, before its number.</param>
/// <param name="BaselineTrace">The other side's recordings' file name, before its number.</param>
/// <param name="InProcess">Whether both sides were recorded in rounds of the process (or processes) running them, rather than on fresh pairs.</param>
/// <param name="UnderLoad">Whether each side was recorded while a load worker loaded it (the figures are then per request).</param>
internal sealed record DiagnosisSides(string Current, string Baseline, string Unit, string CurrentTrace, string BaselineTrace, bool InProcess, bool UnderLoad = false)
{
    /// <summary>Between builds: fresh worker pairs of the working tree and the reference build.</summary>
    public static readonly DiagnosisSides Builds = new("working tree", "reference build", "pair", "working-tree", "reference-build", InProcess: false);

    /// <summary>Between builds under load: fresh worker pairs of the working tree and the reference build, each loaded in turn.</summary>
    public static readonly DiagnosisSides BuildsUnderLoad = Builds with { UnderLoad = true };

    /// <summary>What the figures are per: a call, or under load a request.</summary>
    public string Call => UnderLoad ? "request" : "call";

    /// <summary>A comparison in one process: <paramref name="subject"/> against <paramref name="partner"/>, recorded in turn.</summary>
    public static DiagnosisSides InThisProcess(string subject, string partner) => new(subject, partner, "round", "subject", "partner", InProcess: true);

    /// <summary>
    /// A load test's comparison of two plans in the same run: the process serving each plan recorded in turn, in rounds, while
    /// the load worker loads that plan alone.
    /// </summary>
    public static DiagnosisSides PlansUnderLoad(string subject, string partner) => InThisProcess(subject, partner) with { UnderLoad = true };

    /// <summary>The recording of <paramref name="side"/> in observation number <paramref name="number"/> (from 1).</summary>
    public string Trace(BuildSide side, int number) => string.Create(CultureInfo.InvariantCulture, $"{(side == BuildSide.Current ? CurrentTrace : BaselineTrace)}-{number}.nettrace");

    /// <summary>A side as the message's first line names it: "the working tree", but an operation by its name alone.</summary>
    public string Called(string side) => InProcess ? side : "the " + side;

    /// <summary>How the recordings were made, for the message's first line.</summary>
    public string Where(int observations, TimeSpan perSide) => InProcess
        ? string.Create(CultureInfo.InvariantCulture, $"in {(UnderLoad ? "the process serving each plan" : "this process")}, {observations} rounds of {perSide.TotalSeconds:0.0} s a side{(UnderLoad ? " under load" : string.Empty)}")
        : string.Create(CultureInfo.InvariantCulture, $"on {observations} fresh pairs, {perSide.TotalSeconds:0.0} s a worker{(UnderLoad ? " under load" : string.Empty)}");
}
