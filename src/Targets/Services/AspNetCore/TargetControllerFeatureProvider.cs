using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>
/// Lists exactly the controllers the hosted modules asked for, instead of every controller MVC finds in the entry
/// assembly (which is the test project under xUnit), so a host serves only the modules it was given.
/// </summary>
internal sealed class TargetControllerFeatureProvider : IApplicationFeatureProvider<ControllerFeature>
{
    private readonly HashSet<Type> _controllers = [];

    public void Add(IEnumerable<Type> controllers)
    {
        foreach (var controller in controllers)
        {
            _controllers.Add(controller);
        }
    }

    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
    {
        foreach (var controller in _controllers)
        {
            var info = controller.GetTypeInfo();
            if (!feature.Controllers.Contains(info))
            {
                feature.Controllers.Add(info);
            }
        }
    }
}
