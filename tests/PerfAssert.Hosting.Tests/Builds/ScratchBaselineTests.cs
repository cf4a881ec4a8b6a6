namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A test class whose every test gets a scratch repository of its own (<see cref="ScratchBaselines"/>), made with the test
/// and deleted after it: the classes of reference builds and workers that fail, which run side by side.
/// </summary>
public abstract class ScratchBaselineTests : IDisposable
{
    /// <summary>This test's scratch repository with its baselines.</summary>
    protected ScratchBaselines Baselines { get; } = new();

    /// <summary>The scratch service in it.</summary>
    protected ScratchService Scratch => Baselines.Scratch;

    public void Dispose()
    {
        Baselines.Dispose();
        GC.SuppressFinalize(this);
    }
}
