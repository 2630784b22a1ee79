//! Grouping releases per package and picking the interesting ones.

use crate::ledger::Release;
use std::collections::BTreeMap;

#[derive(Debug)]
pub struct PackageSummary<'a> {
    pub package: &'a str,
    pub releases: usize,
    pub yanked: usize,
    /// Highest non-yanked normal release.
    pub stable: Option<&'a Release>,
    /// Highest non-yanked pre-release, only if it outranks `stable`.
    pub preview: Option<&'a Release>,
}

fn highest<'a, I>(it: I) -> Option<&'a Release>
where
    I: Iterator<Item = &'a Release>,
{
    it.max_by(|a, b| a.version.cmp(&b.version))
}

pub fn summarize(releases: &[Release]) -> Vec<PackageSummary<'_>> {
    let mut groups: BTreeMap<&str, Vec<&Release>> = BTreeMap::new();
    for r in releases {
        groups.entry(r.package.as_str()).or_default().push(r);
    }

    let mut out = Vec::with_capacity(groups.len());
    for (package, rels) in groups {
        let live = || rels.iter().copied().filter(|r| !r.yanked);
        let stable = highest(live().filter(|r| !r.version.is_prerelease()));
        let preview = highest(live().filter(|r| r.version.is_prerelease()))
            .filter(|p| stable.map_or(true, |s| p.version > s.version));
        out.push(PackageSummary {
            package,
            releases: rels.len(),
            yanked: rels.iter().filter(|r| r.yanked).count(),
            stable,
            preview,
        });
    }
    out
}
