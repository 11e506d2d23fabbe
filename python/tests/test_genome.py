"""Genomes: the same bytes as the CLI for load/save, dump, mutate, cross."""
import pytest

import c2rt
from conftest import STARTER, run_tool


def test_load_save_round_trip(genome_path, tmp_path):
    g = c2rt.Genome.load(genome_path)
    with open(genome_path, "rb") as f:
        assert g.to_bytes() == f.read()
    g.save(str(tmp_path / "g.gen"))
    assert (tmp_path / "g.gen").read_bytes() == g.to_bytes()
    g.save(str(tmp_path / "g.txt"))
    back = c2rt.Genome.load(str(tmp_path / "g.txt"))
    assert back == g and len(back) == len(g)
    assert not list(tmp_path.glob("*.tmp*"))


def test_text_form_is_the_cli_dump():
    assert c2rt.Genome.load(STARTER).text() == run_tool("dump", STARTER)


def test_genes_have_named_fields(genome_path):
    g = c2rt.Genome.load(genome_path)
    genes = g.genes
    assert len(genes) == len(g)
    lobes = g.genes_of("lobe")
    assert lobes and all("kind" in x and x["kind"] == "lobe" for x in lobes)
    assert {"type", "subtype", "id", "stage"} <= set(genes[0])


def test_express_by_stage(genome_path):
    g = c2rt.Genome.load(genome_path)
    born = g.express(0)
    later = [i for s in range(1, 7) for i in g.express(s)]
    assert born and set(born).isdisjoint(later)
    assert sorted(set(born) | set(later)) == sorted(born + later)
    assert len(g.express(6, in_force=True)) <= len(g)


@pytest.mark.parametrize("seed", [1, 77])
def test_mutate_is_the_cli(tmp_path, seed):
    out = tmp_path / "m.gen"
    run_tool("mutate", STARTER, "-o", out, "--seed", seed, "--rate", 20)
    g = c2rt.Genome.load(STARTER).mutate(rate=20, seed=seed)
    assert g.to_bytes() == out.read_bytes()
    assert g != c2rt.Genome.load(STARTER)


def test_cross_is_the_cli(genome_path, tmp_path):
    out = tmp_path / "x.gen"
    dad = tmp_path / "dad.gen"
    run_tool("mutate", genome_path, "-o", dad, "--seed", 3, "--rate", 30)
    run_tool("cross", genome_path, dad, "-o", out, "--seed", 5, "--mum-moniker", "abcd",
             "--dad-moniker", "wxyz")
    mum = c2rt.Genome.load(genome_path)
    child = mum.cross(c2rt.Genome.load(str(dad)), seed=5, mum_moniker="abcd",
                      dad_moniker="wxyz")
    assert child.to_bytes() == out.read_bytes()


def test_parse_errors_say_where(tmp_path):
    data = open(STARTER, "rb").read()
    with pytest.raises(c2rt.C2Error) as e:
        c2rt.Genome.from_bytes(data[:100])
    assert e.value.code == "EFORMAT" and e.value.offset >= 0
    bad = tmp_path / "bad.txt"
    text = c2rt.Genome.load(STARTER).text().splitlines()
    text[5] = "this is not a gene line"
    bad.write_text("\n".join(text) + "\n")
    with pytest.raises(c2rt.C2Error) as e:
        c2rt.Genome.load(str(bad))
    assert e.value.line == 6 and str(e.value).startswith(str(bad) + ":6:")
